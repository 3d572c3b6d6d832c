import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { answer, callPath, choose, pickCompany, operatorSession, type RunningConsole } from './harness';
import { notificationCalls } from '../../schemas/api';
import { NOTIFICATION_CONFIG_MSG as M, NOTIFICATION_SECRET_MASK } from '../../schemas/notification-config';

// A local webhook receiver, which the console's Send test may call (every e2e console allows 127.0.0.1: harness.ts).
const hooks: IncomingHttpHeaders[] = [];
const receiver: Server = createServer((req, res) => {
  hooks.push(req.headers);
  req.resume();
  req.on('end', () => res.writeHead(202, { 'content-type': 'text/plain' }).end('accepted'));
});
const receiverUrl = new Promise<string>((resolve) =>
  receiver.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}`)),
);
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

const session = operatorSession();
let app: RunningConsole;
let page: Page;
beforeAll(async () => {
  ({ app, page } = session);
  await pickCompany(page, 'Tata', 'Tata Steel Limited (CONSIGNOR)');
  await page.waitForURL(/companyId=/);
  // The seed's configurations are Jamshedpur's (one per mode).
  await choose(page, 'Branch', 'Jam', 'Jamshedpur');
  await page.waitForURL(/branchId=3101/);
});

type Listed = { customerConfigId: number; eventName: string; isEnabled: boolean; mode: string };

/** The configurations of Tata Steel, Jamshedpur, read with the page's desk token. */
async function stored(): Promise<Listed[]> {
  const token = await page.evaluate(() => localStorage.getItem('deskToken'));
  const res = await fetch(
    `${app.url}${callPath(notificationCalls.configurations, { company_id: 1001, branch_id: 3101 })}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  return ((await res.json()) as { value: Listed[] }).value;
}

const form = () => page.locator('form');
const submit = () => page.getByRole('button', { name: 'Submit' });

async function openNew() {
  await page.getByRole('button', { name: 'New Configuration' }).click();
  await page.waitForURL('**/configuration-list/notification-config?*');
  await page.getByText('Notification Configuration').first().waitFor();
}

/** Chooses the event and the mode, then waits for the server's check to fill the default content. */
async function pick(event: string, mode: string, content: string) {
  await choose(page, 'Event', event, event);
  await choose(page, 'Mode', mode, mode);
  await expect.poll(() => page.locator(`#root_${content}`).inputValue()).toContain('{{trip_id}}');
}

async function saved(text: string) {
  await page.getByText(text).first().waitFor({ timeout: 10_000 });
  await page.waitForURL((url) => url.pathname === '/configuration-list' && url.searchParams.get('branchId') === '3101');
}

/** What is stored for an event and mode of Tata Steel, Jamshedpur, read back as the edit form reads it. */
async function storedConfig(eventName: string, mode: string): Promise<Record<string, unknown>> {
  const row = (await stored()).find((c) => c.eventName === eventName && c.mode === mode)!;
  const token = await page.evaluate(() => localStorage.getItem('deskToken'));
  const read = await fetch(
    `${app.url}${callPath(notificationCalls.editConfiguration, { customer_config_id: row.customerConfigId, company_id: 1001, branch_id: 3101 })}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  return ((await read.json()) as { value: Record<string, unknown> }).value;
}

/** The body stored for an event and mode. */
const storedBody = async (eventName: string, mode: string) => (await storedConfig(eventName, mode)).body;

/**
 * A template field's popup (spec 002 section 5), opened by the button under the field: Save with an empty text keeps
 * it open with its message, Cancel leaves the field as it was, its tokens copy, and Save writes the text into the form.
 */
async function editInPopup(open: string, title: string, field: string, empty: string, text: string) {
  const before = await page.locator(`#root_${field}`).inputValue();
  const dialog = page.getByRole('dialog').filter({ hasText: title });
  const area = dialog.getByRole('textbox', { name: title });
  await form().getByRole('button', { name: open }).click();
  expect(await area.inputValue()).toBe(before);
  await area.fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText(empty).waitFor();
  await area.fill(text);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(await page.locator(`#root_${field}`).inputValue()).toBe(before);

  await form().getByRole('button', { name: open }).click();
  expect(await area.inputValue()).toBe(before);
  await area.fill(text);
  await dialog
    .getByRole('group', { name: 'Placeholder tokens' })
    .getByRole('button', { name: 'trip_id', exact: true })
    .click();
  await page.getByText('{{trip_id}} copied to clipboard').first().waitFor();
  await dialog.getByText(M.pasteNote).waitFor();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(() => page.locator(`#root_${field}`).inputValue()).toBe(text);
}

describe('notification configuration', () => {
  it('lists the configurations and toggles one behind its confirmation', async () => {
    await page.getByRole('menuitem', { name: 'Configurations' }).click();
    await page.getByRole('columnheader', { name: 'Enable Notificaton' }).waitFor();
    await page.getByRole('cell', { name: 'long.stoppage' }).first().waitFor();
    const before = (await stored()).find((c) => c.eventName === 'long.stoppage' && c.mode === 'WHATSAPP')!;
    const row = page.getByRole('row').filter({ hasText: 'long.stoppage' }).filter({ hasText: 'WHATSAPP' });
    await row.getByRole('switch').click();
    await page.getByText('Enable Configuration').waitFor();
    await answer(page, 'No');
    expect((await stored()).find((c) => c.customerConfigId === before.customerConfigId)!.isEnabled).toBe(true);
    await row.getByRole('switch').click();
    await answer(page, 'Yes');
    await expect
      .poll(async () => (await stored()).find((c) => c.customerConfigId === before.customerConfigId)!.isEnabled)
      .toBe(false);
  });

  it('refuses a combination the scope has, then creates an SMS configuration with recipient rows', async () => {
    await openNew();
    await choose(page, 'Event', 'trip.created', 'trip.created');
    await choose(page, 'Mode', 'SMS', 'SMS');
    await page.getByText(M.configured).waitFor();
    await expect.poll(() => submit().isDisabled()).toBe(true);

    await choose(page, 'Event', 'eta.breach', 'eta.breach');
    await expect.poll(() => page.getByText(M.configured).count()).toBe(0);
    await expect.poll(() => page.locator('#root_smsBody').inputValue()).toContain('{{trip_id}}');
    const add = form().getByRole('button', { name: 'Add Mobile Number' });
    expect(await add.isDisabled()).toBe(true);
    expect(await form().getByRole('button', { name: 'Delete Mobile Number 1' }).isDisabled()).toBe(true);
    await page.locator('#root_mobileNumbers_0').fill('9876543210');
    await add.click();
    await page.locator('#root_mobileNumbers_1').fill('12345');
    await submit().click();
    await page.getByText(M.mobile).first().waitFor();
    await page.locator('#root_mobileNumbers_1').fill('8123456789');
    await page.locator('#root_smsBody').fill('');
    await submit().click();
    await form().getByText(M.smsContent).first().waitFor();
    await page.locator('#root_smsBody').fill('Trip {{trip_id}} late');
    await editInPopup(
      'Edit SMS Content',
      'SMS Content',
      'smsBody',
      M.smsContent,
      'Trip {{trip_id}} of {{vehicle_number}} is delayed',
    );
    await submit().click();
    await saved(M.created('SMS'));
    expect(await storedBody('eta.breach', 'SMS')).toBe('Trip {{trip_id}} of {{vehicle_number}} is delayed');
  });

  it('creates an EMAIL configuration with its default subject, after the empty-subject message', async () => {
    await openNew();
    await pick('eta.breach', 'EMAIL', 'emailBody');
    expect(await page.locator('#root_subject').inputValue()).toContain('{{trip_id}}');
    await page.locator('#root_emailTo_0').fill('ops@tata.example');
    // A Cc row filled then emptied, and a row added after it left empty: empty rows, dropped from the save.
    await page.locator('#root_emailCc_0').fill('cc@tata.example');
    await form().getByRole('button', { name: 'Add Email Cc' }).click();
    await page.locator('#root_emailCc_1').waitFor();
    await page.locator('#root_emailCc_0').fill('');
    await page.locator('#root_subject').fill('');
    await submit().click();
    await page.getByText(M.emailSubject).first().waitFor();
    await page.locator('#root_subject').fill('ETA of {{trip_id}}');
    await editInPopup('Edit Subject', 'Subject', 'subject', M.subjectPopup, 'ETA breach of {{trip_id}}');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByText('Preview with a sample trip').waitFor();
    await page.getByText('ETA breach of TRP-2026-004512').waitFor();
    await page.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await submit().click();
    await saved(M.created('EMAIL'));
    const config = await storedConfig('eta.breach', 'EMAIL');
    expect(config.emailTo).toBe('ops@tata.example');
    expect(config.emailCc ?? '').toBe('');
  });

  it('creates a WEBHOOKS configuration, copying a token as an IF block', async () => {
    await openNew();
    await pick('eta.breach', 'WEBHOOKS', 'webhookBody');
    await choose(page, 'Method', 'POST', 'POST');
    await form().getByLabel('URL', { exact: true }).fill('https://hooks.tata.example/eta');
    await choose(page, 'Content Type', 'JSON', 'JSON');
    await form().getByLabel('User', { exact: true }).fill('hook-user');
    await form().getByLabel('Password', { exact: true }).fill('hook-secret-1');
    await page.getByRole('button', { name: 'Placeholders' }).click();
    await page.locator('.ant-popover .ant-radio-button-wrapper').filter({ hasText: /^IF$/ }).click();
    await page
      .getByRole('group', { name: 'Placeholder tokens' })
      .getByRole('button', { name: 'eta', exact: true })
      .click();
    await page.getByText('{{#if eta}}{{eta}}{{/if}} copied to clipboard').waitFor();
    await page.getByText(M.pasteNote).waitFor();
    await page.keyboard.press('Escape');
    await submit().click();
    await saved(M.created('WEBHOOKS'));
  });

  it('creates a WHATSAPP configuration', async () => {
    await openNew();
    await pick('eta.breach', 'WHATSAPP', 'whatsappBody');
    await page.locator('#root_whatsappBody').fill('');
    await submit().click();
    await page.getByText(M.whatsappContent).first().waitFor();
    await page.locator('#root_whatsappBody').fill('ETA breach: {{vehicle_number}}');
    await editInPopup(
      'Edit WhatsApp Content',
      'WhatsApp Content',
      'whatsappBody',
      M.whatsappContent,
      'ETA breach: {{vehicle_number}} on {{trip_id}}',
    );
    await submit().click();
    await saved(M.created('WHATSAPP'));
    expect(await storedBody('eta.breach', 'WHATSAPP')).toBe('ETA breach: {{vehicle_number}} on {{trip_id}}');
    expect(
      (await stored())
        .filter((c) => c.eventName === 'eta.breach')
        .map((c) => c.mode)
        .sort(),
    ).toEqual(['EMAIL', 'SMS', 'WEBHOOKS', 'WHATSAPP']);
  });

  it('edits with event and mode locked, and returns to the list with the same query string', async () => {
    await page
      .getByRole('row')
      .filter({ hasText: 'eta.breach' })
      .filter({ hasText: 'SMS' })
      .getByRole('button', { name: /edit/i })
      .click();
    await page.waitForURL('**/configuration-list/edit-notification-config/*');
    await expect.poll(() => page.locator('#root_smsBody').inputValue()).toContain('{{trip_id}}');
    expect(await page.getByLabel('Event', { exact: true }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Mode', { exact: true }).isDisabled()).toBe(true);
    await page.locator('#root_smsBody').fill('Trip {{trip_id}} is late');
    // Send test delivers the form as it stands (SMS: into the outbox, one message per number): to the operator first.
    const outbox = async () => (await (await fetch(`${app.url}/dev/outbox`)).json()) as { to: string; body: string }[];
    const toRecipient = (await outbox()).filter((m) => m.to === '8123456789').length;
    await page.getByRole('button', { name: 'Send test to me' }).click();
    await page.getByText('SMS test sent').waitFor();
    await page.locator('.ant-modal-body:visible').getByText('9876543210').waitFor();
    await page.locator('.ant-modal-footer:visible').getByRole('button', { name: 'Close' }).click();
    expect((await outbox()).filter((m) => m.to === '9876543210').at(-1)?.body).toBe('Trip TRP-2026-004512 is late');
    expect((await outbox()).filter((m) => m.to === '8123456789')).toHaveLength(toRecipient);
    // To the configuration's recipients only after the console has said how many and whom.
    await page.getByRole('button', { name: 'Send test to recipients…' }).click();
    const asked = page.getByRole('dialog', { name: /^Send the test to \d+ recipients?\?$/ });
    await asked.getByText(/8123456789/).waitFor();
    await asked.getByRole('button', { name: /^Send to \d+ recipients?$/ }).click();
    await page.getByText('SMS test sent').waitFor();
    await page.locator('.ant-modal-footer:visible').getByRole('button', { name: 'Close' }).click();
    expect((await outbox()).filter((m) => m.to === '8123456789').at(-1)?.body).toBe('Trip TRP-2026-004512 is late');
    await submit().click();
    await saved(M.updated('SMS'));
    const listUrl = page.url();
    const token = await page.evaluate(() => localStorage.getItem('deskToken'));
    const row = (await stored()).find((c) => c.eventName === 'eta.breach' && c.mode === 'SMS')!;
    const read = await fetch(
      `${app.url}${callPath(notificationCalls.editConfiguration, { customer_config_id: row.customerConfigId, company_id: 1001, branch_id: 3101 })}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(((await read.json()) as { value: { body: string } }).value.body).toBe('Trip {{trip_id}} is late');
    expect(listUrl).toContain('branchId=3101');
  });

  it('edits a webhook without showing its password: the mask is sent back, and the stored password is kept and used', async () => {
    const url = await receiverUrl;
    const basic = `Basic ${Buffer.from('hook-user:hook-secret-1').toString('base64')}`;
    const openWebhook = async () => {
      await page
        .getByRole('row')
        .filter({ hasText: 'eta.breach' })
        .filter({ hasText: 'WEBHOOKS' })
        .getByRole('button', { name: /edit/i })
        .click();
      await page.waitForURL('**/configuration-list/edit-notification-config/*');
      await expect
        .poll(() => form().getByLabel('Password', { exact: true }).inputValue())
        .toBe(NOTIFICATION_SECRET_MASK);
    };
    const sendTest = async () => {
      const before = hooks.length;
      // A webhook test calls out: the console says where first, and calls only on its OK.
      await page.getByRole('button', { name: 'Send test to recipients…' }).click();
      const asked = page.getByRole('dialog', { name: 'Call the webhook?' });
      await asked.getByText(`The test calls ${url}/in now with the sample trip.`).waitFor();
      expect(hooks.length).toBe(before);
      await asked.getByRole('button', { name: 'Call the webhook' }).click();
      await page.getByText('WEBHOOKS test sent').waitFor();
      await page.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
      expect(hooks.length).toBe(before + 1);
      expect(hooks.at(-1)?.authorization).toBe(basic);
    };
    await openWebhook();
    await form().getByLabel('URL', { exact: true }).fill(`${url}/in`);
    await sendTest();
    await submit().click();
    await saved(M.updated('WEBHOOKS'));
    const row = (await stored()).find((c) => c.eventName === 'eta.breach' && c.mode === 'WEBHOOKS')!;
    const token = await page.evaluate(() => localStorage.getItem('deskToken'));
    const read = await fetch(
      `${app.url}${callPath(notificationCalls.editConfiguration, { customer_config_id: row.customerConfigId, company_id: 1001, branch_id: 3101 })}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    const text = await read.text();
    expect(text).not.toContain('hook-secret-1');
    expect((JSON.parse(text) as { value: Record<string, unknown> }).value).toMatchObject({
      url: `${url}/in`,
      user: 'hook-user',
      password: NOTIFICATION_SECRET_MASK,
    });
    // Saved with the mask: the stored password is still the one typed at creation.
    await openWebhook();
    await sendTest();
  });

  it("says when the desk's test sends for the minute are used up, and sends nothing more", async () => {
    await page.goto(`${app.url}/configuration-list?${new URL(page.url()).searchParams}`);
    await page
      .getByRole('row')
      .filter({ hasText: 'eta.breach' })
      .filter({ hasText: 'SMS' })
      .getByRole('button', { name: /edit/i })
      .click();
    await page.waitForURL('**/configuration-list/edit-notification-config/*');
    await expect.poll(() => page.locator('#root_smsBody').inputValue()).toContain('{{trip_id}}');
    const refusal = page
      .getByText(/^Test sends are limited to 10 a minute per desk\. Try again in \d+ seconds?\.$/)
      .first();
    // At most 10 a minute (some were sent above): send until the console says so.
    for (let sent = 0; sent <= 10 && !(await refusal.isVisible()); sent++) {
      await page.getByRole('button', { name: 'Send test to me' }).click();
      const shown = page.locator('.ant-modal-title:visible', { hasText: 'SMS test sent' });
      await shown.or(refusal).first().waitFor();
      if (await refusal.isVisible()) break;
      await page.locator('.ant-modal-footer:visible').getByRole('button', { name: 'Close' }).click();
      await shown.waitFor({ state: 'hidden' });
    }
    await refusal.waitFor();
    const before = ((await (await fetch(`${app.url}/dev/outbox`)).json()) as unknown[]).length;
    await page.getByRole('button', { name: 'Send test to me' }).click();
    await refusal.waitFor();
    expect(((await (await fetch(`${app.url}/dev/outbox`)).json()) as unknown[]).length).toBe(before);
  });
});
