import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  answer,
  apiAs,
  axeViolations,
  callPath,
  choose,
  login,
  pickCompany,
  startConsole,
  type RunningConsole,
} from './harness';
import { apCalls } from '../../schemas/api';
import { AP_MSG, AP_TYPES, type ApConfig } from '../../schemas/ap-config';

/**
 * AP configuration (spec 002 sections 2.6, 4, 5, 8 and 9): the paged list (10 a page, the page counted from 0 in the
 * call), the form's messages with a JSON editor that parses, a refusal's server message, create, edit and delete.
 * One console, one login.
 */
let app: RunningConsole;
let page: Page;
beforeAll(async () => {
  app = await startConsole();
  page = await app.browser.newPage();
  await login(page, app.url, 'ops@demo.local');
  // The landing page after login may be any screen: wait for the menu, then open ours by its path.
  await page.getByRole('menuitem', { name: 'AP Configuration' }).waitFor();
});
afterAll(() => app?.stop());

const TATA = { c: '1001', t: 'CONSIGNOR' };
const HUL = { c: '1002', t: 'CONSIGNOR' };
const TATA_URL = 'companyId=1001&companyName=Tata%20Steel%20Limited&companyType=CONSIGNOR';
const HUL_URL = 'companyId=1002&companyName=Hindustan%20Unilever%20Limited&companyType=CONSIGNOR';
const field = (label: string) => page.locator('form').getByLabel(label, { exact: true });
const rows = () => page.locator('.ant-table-tbody tr.ant-table-row');
const submit = () => page.locator('form').getByRole('button', { name: 'Submit' });
const toast = (text: string) => page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
const stored = async () =>
  apiAs<{ total: number; data: ApConfig[] }>(
    page,
    app.url,
    callPath(apCalls.list, { ...TATA, page_size: 100, page_number: 0 }),
  );

/**
 * Creates AP configs through the API with the page's desk token (the list's paging needs more than one page): one of
 * each type and partner (0 or one of the company's) the company has not, as a company holds one config a type, CBDT id
 * and partner (migration 150).
 */
async function createAll(scope: { c: string; t: string }, partners: number[], taken: string[]) {
  const token = await page.evaluate(() => localStorage.getItem('deskToken'));
  for (const partner of [0, ...partners]) {
    for (const type of AP_TYPES.filter((t) => !taken.includes(`${t}/${partner}`))) {
      const res = await fetch(`${app.url}${callPath(apCalls.create, scope)}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ cbdt_id: Number(scope.c), partner_cbdt_id: partner, type, value: { partner } }),
      });
      expect(res.status).toBe(200);
    }
  }
}

describe('AP configuration', () => {
  it('asks for a company, then lists with the spec’s columns and the Create Configuration button', async () => {
    await page.goto(`${app.url}/ap-configuration`);
    await page.getByText('Select a company to continue').waitFor();
    await pickCompany(page, 'Tata', 'Tata Steel Limited (CONSIGNOR)');
    await page.getByText('No AP configs found for the given selection').waitFor();
    const headers = await page.locator('.ant-table-thead th').allTextContents();
    expect(headers.map((h) => h.trim()).filter(Boolean)).toEqual(['CBDT Id', 'Type', 'Value', 'Action']);
  });

  it('names every required field, refuses text that is not a JSON object, shows a refusal, then creates', async () => {
    await page.getByRole('button', { name: 'Create Configuration' }).click();
    await page.waitForURL('**/ap-configuration/add?*');
    await page.getByText('Create AP Config').first().waitFor();
    await submit().click();
    for (const text of [AP_MSG.cbdtRequired, AP_MSG.partnerRequired, AP_MSG.typeRequired, AP_MSG.jsonRequired]) {
      await page.getByText(text, { exact: true }).first().waitFor();
    }
    await field('CBDT ID').fill('1002');
    await field('Partner CBDT ID').fill('2001');
    await choose(page, 'Type', 'EXCEPTION', 'EXCEPTION_CHARGES');
    // Braces are not enough: the text must parse, and to an object.
    for (const text of ['{ perHour: 250 }', '[{"perHour": 250}]']) {
      await field('JSON').fill(text);
      await submit().click();
      await page.getByText(AP_MSG.invalidJson, { exact: true }).waitFor();
    }
    await field('JSON').fill('{"detention":{"perHour":250,"freeHours":4},"currency":"INR"}');
    await page.getByText('JSON object with 2 keys').waitFor();
    await page.getByRole('button', { name: 'Format JSON' }).click();
    await expect.poll(() => field('JSON').inputValue()).toContain('\n  "detention": {');
    expect(await axeViolations(page)).toEqual([]);
    // 1002 is another company: the server's first message is shown, nothing is stored.
    await submit().click();
    await toast(AP_MSG.cbdtNotCompany);
    expect((await stored()).total).toBe(0);
    await field('CBDT ID').fill('1001');
    await submit().click();
    await toast(AP_MSG.created);
    await page.waitForURL('**/ap-configuration?*');
    await rows().first().getByText('"perHour": 250').waitFor();
    const [saved] = (await stored()).data;
    expect(saved).toMatchObject({
      cbdt_id: 1001,
      partner_cbdt_id: 2001,
      type: 'EXCEPTION_CHARGES',
      value: { detention: { perHour: 250, freeHours: 4 }, currency: 'INR' },
    });
  });

  it('pages 10 at a time, asking for page_number 0 first', async () => {
    // Tata Steel holds at most 9 (3 types, partner 0, 2001 or 2002): the pages are Hindustan Unilever's, its 3 seeded
    // (DESK and SETTINGS for partner 0, EXCEPTION_CHARGES for 2001) and the 9 others of partners 0, 2001, 2002, 2003.
    await createAll(HUL, [2001, 2002, 2003], ['DESK/0', 'SETTINGS/0', 'EXCEPTION_CHARGES/2001']);
    const first = page.waitForRequest(
      (req) => req.url().includes('/saas/v1/ap/config/fetch/all') && req.url().includes('page_number=0'),
    );
    await page.goto(`${app.url}/ap-configuration?${HUL_URL}`);
    const url = new URL((await first).url());
    expect(url.searchParams.get('page_size')).toBe('10');
    await expect.poll(() => rows().count()).toBe(10);
    const second = page.waitForRequest((req) => req.url().includes('page_number=1'));
    await page.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
    await second;
    // The oldest two, newest first: the seeded SETTINGS, then DESK.
    await expect.poll(() => rows().count()).toBe(2);
    await rows().first().getByText('SETTINGS').waitFor();
    // The Value cell scrolls rather than growing the row.
    const box = rows().first().locator('pre');
    expect(await box.evaluate((e) => getComputedStyle(e).overflow)).toBe('auto');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('edits a config with its value as JSON, and Back returns to the list', async () => {
    await page.goto(`${app.url}/ap-configuration?${TATA_URL}`);
    await rows().first().getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL('**/ap-configuration/*/edit?*');
    await page.getByText('Update AP Config').first().waitFor();
    await expect.poll(() => field('JSON').inputValue()).toContain('"currency": "INR"');
    expect(await field('CBDT ID').inputValue()).toBe('1001');
    await field('JSON').fill('{"currency":"INR","detention":{"perHour":300}}');
    await choose(page, 'Type', 'DESK', 'DESK');
    await submit().click();
    await toast(AP_MSG.updated);
    await page.waitForURL('**/ap-configuration?*');
    const edited = (await stored()).data.find((row) => row.partner_cbdt_id === 2001);
    expect(edited).toMatchObject({ type: 'DESK', value: { currency: 'INR', detention: { perHour: 300 } } });

    await page.getByRole('button', { name: 'Create Configuration' }).click();
    await page.getByText('Create AP Config').first().waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL('**/ap-configuration?*');
  });

  it('deletes a config after Are you sure want to delete?', async () => {
    const before = (await stored()).total;
    await rows().first().getByRole('button', { name: 'Delete' }).click();
    await page.getByText(AP_MSG.confirmDelete).waitFor();
    await answer(page, 'No');
    expect((await stored()).total).toBe(before);
    await rows().first().getByRole('button', { name: 'Delete' }).click();
    await answer(page, 'Yes');
    await toast(AP_MSG.deleted);
    await expect.poll(async () => (await stored()).total).toBe(before - 1);
  });
});
