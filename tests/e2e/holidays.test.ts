import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callsOf } from '../../schemas/api/resources';
import { holidays } from '../../schemas/resources/holidays';
import {
  answer,
  apiAs,
  axeViolations,
  callPath,
  login,
  saveScreen,
  startConsole,
  type RunningConsole,
} from './harness';

/**
 * Issue 35: the holiday calendar, a screen the console makes from one declaration (schemas/resources/holidays.ts):
 * in the menu under Settings, its list paged and searched by the server, its form with the declared labels, help and
 * rules, the duplicate refused in the declaration's words, edit and delete.
 */
let app: RunningConsole;
let page: Page;
beforeAll(async () => {
  app = await startConsole();
  page = await app.browser.newPage();
  await login(page, app.url, 'ops@demo.local');
  await page.getByRole('menuitem', { name: 'Holiday Calendar' }).waitFor();
});
afterAll(() => app?.stop());

const TATA_URL = 'companyId=1001&companyName=Tata%20Steel%20Limited&companyType=CONSIGNOR';
const rows = () => page.locator('.ant-table-tbody tr.ant-table-row');
const field = (label: string) => page.locator('form').getByLabel(label, { exact: true });
const toast = (text: string) => page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
const stored = () =>
  apiAs<{ name: string; date: string; noAlerts: boolean }[]>(
    page,
    app.url,
    callPath(callsOf(holidays).list, { c: '1001', size: 100 }),
  );

describe('the holiday calendar', () => {
  it('lists the seeded holidays by day with the declared columns, and searches on the server', async () => {
    await page.goto(`${app.url}${holidays.screen}?${TATA_URL}`);
    await expect.poll(() => rows().count()).toBe(3);
    for (const title of ['Name', 'Date', 'Region', 'No alerts that day', 'Updated By'])
      await page.getByRole('columnheader', { name: title }).first().waitFor();
    await rows().first().getByText('Karam Puja').waitFor();
    await rows().first().getByText('12/09/2026').waitFor();
    await saveScreen(page, 'holidays-list');
    expect(await axeViolations(page)).toEqual([]);
    const searched = page.waitForRequest(
      (req) => req.url().includes('/saas/lego/holidays') && req.url().includes('q=holi'),
    );
    await page.getByPlaceholder('Search name or region').fill('holi');
    await searched;
    await expect.poll(() => rows().count()).toBe(1);
    await rows().first().getByText('Holi').waitFor();
  });

  it('adds a holiday through the form, refuses the same day and region again in its words, edits and deletes it', async () => {
    await page.goto(`${app.url}${holidays.screen}/add?${TATA_URL}`);
    await page.getByText('Add holiday').first().waitFor();
    await page.getByText('The state or area the holiday is kept in, or All India').waitFor();
    await field('Name').fill('Republic Day');
    await field('Date').fill('26/01/2027');
    await field('Date').press('Tab');
    await field('Region').fill('All India');
    await field('No alerts that day').check();
    await saveScreen(page, 'holidays-form');
    expect(await axeViolations(page)).toEqual([]);
    await page.locator('form').getByRole('button', { name: 'Save' }).click();
    await toast('Holiday Calendar: holiday added');
    await page.waitForURL(`**${holidays.screen}?*`);
    await expect.poll(async () => (await stored()).map((row) => row.name)).toContain('Republic Day');
    expect((await stored()).find((row) => row.name === 'Republic Day')).toMatchObject({
      date: '2027-01-26',
      noAlerts: true,
    });

    await page.goto(`${app.url}${holidays.screen}/add?${TATA_URL}`);
    await field('Name').fill('Again');
    await field('Date').fill('26/01/2027');
    await field('Date').press('Tab');
    await field('Region').fill('All India');
    await page.locator('form').getByRole('button', { name: 'Save' }).click();
    await page.getByText(holidays.taken).first().waitFor();

    await page.goto(`${app.url}${holidays.screen}?${TATA_URL}`);
    const row = rows().filter({ hasText: 'Republic Day' });
    await row.getByRole('button', { name: 'Edit' }).click();
    await page.getByText('Edit holiday').first().waitFor();
    await expect.poll(() => field('Name').inputValue()).toBe('Republic Day');
    await field('Name').fill('Republic Day (observed)');
    await page.locator('form').getByRole('button', { name: 'Save' }).click();
    await toast('Holiday Calendar: holiday saved');
    await expect.poll(async () => (await stored()).map((r) => r.name)).toContain('Republic Day (observed)');

    await page.waitForURL(`**${holidays.screen}?*`);
    await rows().filter({ hasText: 'Republic Day (observed)' }).getByRole('button', { name: 'Delete' }).click();
    await answer(page, 'Yes');
    await toast('Deleted successfully');
    await expect.poll(async () => (await stored()).map((r) => r.name)).not.toContain('Republic Day (observed)');
  });
});
