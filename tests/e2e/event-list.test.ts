import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { notificationCalls } from '../../schemas/api';
import { EVENT_MSG } from '../../schemas/notification-event';
import { answer, axeViolations, callPath, login, startConsole, type RunningConsole } from './harness';

let app: RunningConsole;
let page: Page;
beforeAll(async () => {
  app = await startConsole();
  page = await app.browser.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page, app.url, 'ops@demo.local');
  await page.getByText('Lego Configuration Console').waitFor();
});
afterAll(async () => {
  await app?.stop();
});

type Event = { id: number; name: string; event_status: string };

/** The events as the server has them (the notification service answers `{value}`). */
const stored = async (): Promise<Event[]> => {
  const token = await page.evaluate(() => localStorage.getItem('deskToken'));
  const res = await fetch(`${app.url}${callPath(notificationCalls.events)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { value: Event[] }).value;
};
const rows = () => page.locator('.ant-table-tbody tr.ant-table-row');
const row = (name: string) => rows().filter({ has: page.getByRole('cell', { name, exact: true }) });
const names = () => rows().locator('td:first-child').allTextContents();
const modal = () => page.getByRole('dialog');
const serious = async () =>
  (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} at ${v.targets.join(' | ')}`);
/** The open header filter menu of the table. */
const filterMenu = () => page.locator('.ant-table-filter-dropdown:visible');

describe('notification events (/event-list)', () => {
  it("'/' goes to the company home, keeping the query string", async () => {
    await page.goto(`${app.url}/?companyId=1001&companyType=CONSIGNOR`);
    await page.waitForURL((url) => url.pathname === '/home' && url.searchParams.get('companyId') === '1001');
  });

  it('lists the events by name from the menu, without a company', async () => {
    await page.getByRole('menuitem', { name: 'Events' }).click();
    await page.waitForURL('**/event-list*');
    await row('trip.created').waitFor();
    const headers = (await page.locator('.ant-table-thead th').allTextContents()).map((h) => h.trim()).filter(Boolean);
    expect(headers).toEqual(['Event Name', 'Status', 'operation']);
    const server = await stored();
    expect(await names()).toEqual(server.map((e) => e.name));
    // An ONBOARDED event cannot be edited again; a PENDING one can.
    await expect(row('trip.created').getByRole('button', { name: 'Edit' }).isDisabled()).resolves.toBe(true);
    await expect(row('geofence.entry').getByRole('button', { name: 'Edit' }).isEnabled()).resolves.toBe(true);
  });

  it("creates an event in the 'Creat Event' modal, with the spec's rules and the duplicate said in the modal", async () => {
    await page.getByRole('button', { name: 'Create Event' }).click();
    await modal().getByText('Creat Event').waitFor();
    const name = modal().getByLabel('Event Name');
    const submit = modal().getByRole('button', { name: 'Submit' });
    await submit.click();
    await modal().getByText(EVENT_MSG.nameRequired).waitFor();
    await name.fill('ab');
    await modal().getByText(EVENT_MSG.nameShort).waitFor();
    await name.fill('trip created');
    await modal().getByText(EVENT_MSG.nameInvalid).waitFor();
    await name.fill('TRIP.CREATED');
    await submit.click();
    await modal().getByText(EVENT_MSG.duplicate).waitFor();
    expect(await serious()).toEqual([]);
    await name.fill('dock.arrival');
    // Changing the name clears the server's refusal.
    await expect.poll(() => modal().getByText(EVENT_MSG.duplicate).count()).toBe(0);
    await submit.click();
    await page.getByText(EVENT_MSG.added).waitFor();
    await modal().waitFor({ state: 'detached' });
    expect((await stored()).find((e) => e.name === 'dock.arrival')).toMatchObject({ event_status: 'PENDING' });
  });

  it('searches the names from the column menu, marks the text, and resets', async () => {
    await page.getByRole('button', { name: 'Search Event Name' }).click();
    await filterMenu().getByLabel('Search Event Name').fill('TRIP');
    await filterMenu().getByRole('button', { name: 'Search' }).click();
    await expect.poll(async () => (await names()).every((n) => n.toLowerCase().includes('trip'))).toBe(true);
    expect((await names()).length).toBe((await stored()).filter((e) => e.name.includes('trip')).length);
    expect(await rows().first().locator('mark').textContent()).toBe('trip');
    await page.getByRole('button', { name: 'Search Event Name' }).click();
    await filterMenu().getByRole('button', { name: 'Reset' }).click();
    const all = (await stored()).length;
    await expect.poll(async () => (await names()).length).toBe(all);
    expect(await rows().locator('mark').count()).toBe(0);
  });

  it('filters by status (the menu opens by keyboard too)', async () => {
    await page.getByRole('button', { name: 'Filter Status' }).focus();
    await page.keyboard.press('Enter');
    await filterMenu().getByText('PENDING', { exact: true }).click();
    await filterMenu().getByRole('button', { name: 'OK' }).click();
    const pending = (await stored()).filter((e) => e.event_status === 'PENDING').map((e) => e.name);
    await expect.poll(() => names()).toEqual(pending);
    await page.getByRole('button', { name: 'Filter Status' }).click();
    await filterMenu().getByRole('button', { name: 'Reset' }).click();
    await filterMenu().getByRole('button', { name: 'OK' }).click();
    await expect.poll(async () => (await names()).includes('trip.created')).toBe(true);
  });

  it('onboards an event in place: status required, Cancel asks first, Save stores it and Edit is then disabled', async () => {
    await row('dock.arrival').getByRole('button', { name: 'Edit' }).click();
    const status = row('dock.arrival').getByLabel('Status');
    await status.waitFor();
    // Every other row waits while one is edited.
    await expect(row('geofence.entry').getByRole('button', { name: 'Edit' }).isDisabled()).resolves.toBe(true);
    await row('dock.arrival').locator('.ant-select').hover();
    await row('dock.arrival').locator('.ant-select-clear').click();
    await row('dock.arrival').getByRole('button', { name: 'Save' }).click();
    await row('dock.arrival').getByText('Please Input Status!').waitFor();
    await row('dock.arrival').getByRole('button', { name: 'Cancel' }).click();
    await page.getByText(EVENT_MSG.sureToCancel).waitFor();
    await answer(page, 'Yes');
    await expect.poll(() => row('dock.arrival').getByRole('button', { name: 'Edit' }).count()).toBe(1);

    await row('dock.arrival').getByRole('button', { name: 'Edit' }).click();
    await row('dock.arrival').getByLabel('Status').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'ONBOARDED' }).click();
    await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
    expect(await serious()).toEqual([]);
    await row('dock.arrival').getByRole('button', { name: 'Save' }).click();
    await page.getByText(EVENT_MSG.updated).waitFor();
    await expect
      .poll(async () => (await stored()).find((e) => e.name === 'dock.arrival')?.event_status)
      .toBe('ONBOARDED');
    await expect.poll(() => row('dock.arrival').getByRole('button', { name: 'Edit' }).isDisabled()).toBe(true);
  });
});
