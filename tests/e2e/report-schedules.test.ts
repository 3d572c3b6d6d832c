import * as XLSX from '@e965/xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { answer, apiAs, choose, pickCompany, type RunningConsole, operatorSession, callPath } from './harness';
import { companyCalls, reportCalls } from '../../schemas/api';

const session = operatorSession();
let app: RunningConsole;
let page: Page;
let companyId: string;
beforeAll(async () => {
  ({ app, page } = session);
});

type Report = {
  id: string;
  active: number;
  definition: {
    email_recipients: string;
    company_id: string;
    schedule: { cron: string; type: string };
    params?: Record<string, unknown>;
    filters?: Record<string, unknown>[];
  };
};
const stored = async (type: 'DAILY_TRIP_SUMMARY' | 'ALERT') => {
  const entity = (await apiAs<{ id: string }>(page, app.url, callPath(companyCalls.cbdt, { c: companyId }))).id;
  return apiAs<Report[]>(page, app.url, callPath(reportCalls.list, { c: companyId, entity_id: entity, type }));
};

/** A message of the dev outbox, with its files (base64). */
type Mail = {
  to: string;
  subject: string;
  body: string;
  time: string;
  attachments: { filename: string; contentType: string; size: number; content: string }[];
};
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const outbox = async () => (await (await fetch(`${app.url}/dev/outbox`)).json()) as Mail[];
/** The newest message to `to` since `since` (an ISO time) whose subject starts with `subject`, once it is there. */
async function mailTo(to: string, subject: string, since: string): Promise<Mail> {
  const find = async () =>
    (await outbox()).filter((m) => m.to === to && m.subject.startsWith(subject) && m.time >= since).at(-1);
  await expect.poll(async () => Boolean(await find()), { timeout: 30_000 }).toBe(true);
  return (await find())!;
}
/** The rows of a mailed xlsx's first sheet (header row first). */
const sheetRows = (file: Mail['attachments'][number]) => {
  const book = XLSX.read(Buffer.from(file.content, 'base64'), { type: 'buffer' });
  return XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
};
const tableRow = (text: string) => page.locator('.ant-table-tbody tr', { hasText: text });
/** A Last run cell's text once a run is recorded: '24/11/2026 06:00 IST · Success'. */
const RAN = /\d\d\/\d\d\/\d{4} \d\d:\d\d IST · Success/;

const form = () => page.locator('form');
const submit = (name: string) => page.getByRole('button', { name }).click();

describe('report schedules', () => {
  it('asks for a company before adding a report', async () => {
    await page.getByRole('menuitem', { name: 'Daily Summary Report' }).click();
    await page.getByRole('button', { name: 'Set Daily summary Report of Sputnik' }).click();
    await page.getByText('Select a company to set daily summary report').waitFor();
    await page.getByRole('menuitem', { name: 'Exception Report' }).click();
    await page.getByRole('button', { name: 'Set Exception Report' }).click();
    await page.getByText('Select a company to Exception Report').waitFor();
    expect(new URL(page.url()).pathname).toBe('/exception-report');

    await pickCompany(page, 'Tata', 'Tata Steel Limited (CONSIGNOR)');
    await page.waitForURL(/companyId=/);
    companyId = new URL(page.url()).searchParams.get('companyId')!;
    // The seeded exception report is listed.
    await page.locator('.ant-table-tbody tr', { hasText: 'rs_tsl_alert' }).waitFor();
  });

  it('sets a daily summary report after the required-field messages', async () => {
    await page.getByRole('menuitem', { name: 'Daily Summary Report' }).click();
    await page.locator('.ant-table-tbody tr', { hasText: 'rs_tsl_daily' }).waitFor();
    await page.getByRole('button', { name: 'Set Daily summary Report of Sputnik' }).click();
    await page.waitForURL('**/sputnik-daily-summary/add?*');
    await page.getByText('Set SputNik Daily Summary Report').waitFor();
    await submit('Submit Daily Summary Report');
    await page.getByText('Please select EmailId', { exact: true }).waitFor();
    await page.getByText('Enter timings', { exact: true }).waitFor();

    await form().getByLabel("Email Id's").fill('ops@demo.local, plant.head@tatasteel.example');
    await choose(page, 'Set Report Timings', '8:30 AM', '8:30 AM IST (03:00 UTC)');
    await submit('Submit Daily Summary Report');
    await page.getByText('Report set sucessfully').waitFor();
    await page.waitForURL((url) => url.pathname === '/sputnik-daily-summary');

    const created = (await stored('DAILY_TRIP_SUMMARY')).find((r) => r.id !== 'rs_tsl_daily')!;
    expect(created).toMatchObject({
      active: 1,
      definition: {
        email_recipients: 'ops@demo.local,plant.head@tatasteel.example',
        company_id: companyId,
        schedule: { cron: '0 0 3 * * ?', type: 'DAILY' },
      },
    });
    expect(created.definition).not.toHaveProperty('branch_id');
    await page.locator('.ant-table-tbody tr', { hasText: created.id }).waitFor();
  });

  let exceptionId: string;
  it('sets an exception report with a list filter and a number filter', async () => {
    await page.getByRole('menuitem', { name: 'Exception Report' }).click();
    await page.getByRole('button', { name: 'Set Exception Report' }).click();
    await page.waitForURL('**/exception-report/add?*');
    await submit('Submit Exception Report');
    for (const text of [
      'Please select EmailId',
      'Please select alerts names',
      'Enter timings',
      'Please enter alerts closed duration in minutes',
      'Please enter total trip hours in hours',
      'Please enter trip statuses',
    ]) {
      await page.getByText(text, { exact: true }).waitFor();
    }

    await form().getByLabel('Email ID').fill('alerts@tatasteel.example');
    for (const alert of ['untracked', 'diversion']) {
      await choose(page, 'Alerts', alert);
      await page.keyboard.press('Escape');
    }
    await choose(page, 'Set Report Timings', 'Every 15', 'Every 15 minutes');
    await form().getByLabel('Alerts Closed Minutes').fill('30');
    await form().getByLabel('Total Trip hours').fill('12');
    await choose(page, 'Trip Status', 'Open');
    await page.keyboard.press('Escape');

    const addMore = page.getByRole('button', { name: 'Add More Filter', exact: true });
    expect(await addMore.isDisabled()).toBe(true);
    await choose(page, 'Filter 1', 'alert_type');
    await submit('Submit Exception Report');
    await page.getByText('Please enter operator', { exact: true }).waitFor();
    await page.getByText('Please enter valid input value', { exact: true }).waitFor();
    expect(await addMore.isDisabled()).toBe(true);
    await choose(page, 'Operator 1', 'in');
    await form().getByLabel('Value 1').fill('untracked, diversion');
    await expect.poll(() => addMore.isDisabled()).toBe(false);
    // Picking another filter resets the row's operator and value.
    await choose(page, 'Filter 1', 'assignee');
    await expect.poll(() => form().getByLabel('Value 1').inputValue()).toBe('');
    expect(await addMore.isDisabled()).toBe(true);
    await choose(page, 'Filter 1', 'alert_type');
    await choose(page, 'Operator 1', 'in');
    await form().getByLabel('Value 1').fill('untracked, diversion');
    await expect.poll(() => addMore.isDisabled()).toBe(false);
    await addMore.click();
    await choose(page, 'Filter 2', 'current_escalation');
    expect(await addMore.isDisabled()).toBe(true);
    await choose(page, 'Operator 2', 'gte');
    await form().getByLabel('Value 2').fill('2');
    await submit('Submit Exception Report');
    await page.getByText('Report set sucessfully').waitFor();
    await page.waitForURL((url) => url.pathname === '/exception-report');

    const created = (await stored('ALERT')).find((r) => r.id !== 'rs_tsl_alert')!;
    exceptionId = created.id;
    expect(created.definition).toEqual({
      email_recipients: 'alerts@tatasteel.example',
      company_id: companyId,
      schedule: { cron: '0 0/15 * * * ?', type: 'DAILY' },
      params: {
        'date.alert.closed.close_time.duration_mins': 30,
        'date.alert.inprogress.start_time.duration_mins': 45000,
        'date.trip.constraint.value': 12,
        'date.trip.type': 'HOURS',
        event: ['untracked', 'diversion'],
        format: 'xlsx',
        tripStatus: [1],
      },
      filters: [
        { key: 'alert_type', in: ['untracked', 'diversion'] },
        { key: 'current_escalation_level', gte: 2 },
      ],
      job_uuid: expect.any(String),
    });
  });

  it('edits it, toggles it with confirmation and disables Edit while inactive', async () => {
    const row = () => page.locator('.ant-table-tbody tr', { hasText: exceptionId });
    await row().getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(/\/exception-report\/edit\//);
    await page.getByText('Update Exception Report').waitFor();
    await expect.poll(() => form().getByLabel('Email ID').inputValue()).toBe('alerts@tatasteel.example');
    await expect.poll(() => form().getByLabel('Value 1').inputValue()).toBe('untracked,diversion');
    await form().getByLabel('Total Trip hours').fill('24');
    await submit('Submit Exception Report');
    await page.getByText('Report updated sucessfully').waitFor();
    await page.waitForURL((url) => url.pathname === '/exception-report');
    const edited = (await stored('ALERT')).find((r) => r.id === exceptionId)!;
    expect(edited.definition.params?.['date.trip.constraint.value']).toBe(24);
    expect(edited.definition.filters).toHaveLength(2);

    await row().getByRole('switch').click();
    await page.getByText('Are you sure want to disable/enable notification').waitFor();
    await answer(page, 'No');
    expect((await stored('ALERT')).find((r) => r.id === exceptionId)?.active).toBe(1);
    await row().getByRole('switch').click();
    await answer(page, 'Yes');
    await expect.poll(async () => (await stored('ALERT')).find((r) => r.id === exceptionId)?.active).toBe(0);
    await expect.poll(() => row().getByRole('button', { name: 'Edit' }).isDisabled()).toBe(true);
    expect(await row().getByRole('switch').getAttribute('aria-checked')).toBe('false');
  });

  it('runs a daily summary now: the outcome, its Last run, the mail with its xlsx in the outbox, the file and its runs', async () => {
    await page.getByRole('menuitem', { name: 'Daily Summary Report' }).click();
    const daily = (await stored('DAILY_TRIP_SUMMARY')).find((r) => r.id !== 'rs_tsl_daily')!;
    const row = () => tableRow(daily.id);
    // Made after its due time today, it has not run yet.
    await row().getByRole('cell', { name: '—', exact: true }).waitFor();
    const since = new Date(Date.now() - 1000).toISOString();
    await row().getByRole('button', { name: 'Run now' }).click();
    // It mails real people: the console says whom first, and runs only on its OK.
    const asked = page.getByRole('dialog', { name: 'Run the report now and mail it to 2 recipients?' });
    await asked.getByText(/ops@demo\.local, plant\.head@tatasteel\.example/).waitFor();
    await asked.getByRole('button', { name: 'Run and mail 2 recipients' }).click();
    await page
      .getByText('Report sent to 2 recipients: ops@demo.local, plant.head@tatasteel.example', { exact: true })
      .waitFor({ timeout: 30_000 });
    await row().getByText(RAN).waitFor();

    for (const to of ['ops@demo.local', 'plant.head@tatasteel.example']) {
      const mail = await mailTo(to, 'Daily trip summary', since);
      expect(mail.attachments).toHaveLength(1);
      const [file] = mail.attachments;
      expect(file).toMatchObject({ contentType: XLSX_TYPE, filename: expect.stringMatching(/\.xlsx$/) });
      expect(file.size).toBeGreaterThan(0);
      const rows = sheetRows(file);
      expect(rows.length).toBeGreaterThanOrEqual(1);
      expect((rows[0] as unknown[]).length).toBeGreaterThan(1);
    }

    // The run's file downloads from its Last run cell, as mailed.
    const mailed = (await mailTo('ops@demo.local', 'Daily trip summary', since)).attachments[0];
    const download = page.waitForEvent('download');
    await row()
      .getByRole('button', { name: /Download/ })
      .click();
    expect((await download).suggestedFilename()).toBe(mailed.filename);

    // Its runs: the one made now, by Run now, with its file.
    await row().getByRole('button', { name: 'Runs', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Runs of ${daily.id}`).waitFor();
    const runRow = dialog.locator('.ant-table-tbody tr', { hasText: 'Run now' });
    await runRow.getByText('Success', { exact: true }).waitFor();
    expect(await runRow.getByText('ops@demo.local, plant.head@tatasteel.example').count()).toBe(1);
    expect(await runRow.getByRole('button', { name: /Download/ }).count()).toBe(1);
    // Closed by its button (clicked once the modal stands still; a key pressed while it zooms in may be lost).
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('runs an exception report now (not a disabled one): the outcome, its Last run and the mail with its xlsx', async () => {
    await page.getByRole('menuitem', { name: 'Exception Report' }).click();
    // The one disabled above cannot be run.
    await expect.poll(() => tableRow(exceptionId).getByRole('button', { name: 'Run now' }).isDisabled()).toBe(true);
    const since = new Date(Date.now() - 1000).toISOString();
    await tableRow('rs_tsl_alert').getByRole('button', { name: 'Run now' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Run and mail 1 recipient' }).click();
    await page
      .getByText('Report sent to 1 recipient: alerts@tatasteel.example', { exact: true })
      .waitFor({ timeout: 30_000 });
    await tableRow('rs_tsl_alert').getByText(RAN).waitFor();
    const mail = await mailTo('alerts@tatasteel.example', 'Exception report', since);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ contentType: XLSX_TYPE, filename: expect.stringMatching(/\.xlsx$/) });
    const rows = sheetRows(mail.attachments[0]);
    expect((rows[0] as unknown[]).length).toBeGreaterThan(1);
  });
});
