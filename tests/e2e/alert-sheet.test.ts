import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ALERT_COLUMNS } from '../../schemas/alert-bulk';
import { answer, choose, operatorSession, type RunningConsole, callPath } from './harness';
import { alertCalls } from '../../schemas/api';
import { draftKey } from '../../engine/sheet/drafts';

const session = operatorSession();
let app: RunningConsole;
let page: Page;
beforeAll(async () => {
  ({ app, page } = session);
});

const STATUS = ALERT_COLUMNS.length;
const HEADER = ALERT_COLUMNS.map(([key]) => key);
const cell = (x: number, y: number) => page.locator(`[data-testid=sheet] td[data-x="${x}"][data-y="${y}"]`);
const statusOf = (y: number) => cell(STATUS, y).innerText();
const colorOf = (y: number) => cell(STATUS, y).evaluate((td) => getComputedStyle(td).color);
const toast = (text: string) => page.locator('.ant-message-notice', { hasText: text }).first().waitFor();

/** A csv of the sheet's header and rows given as {column: value}. */
function csv(rows: Record<string, string>[]): { name: string; mimeType: string; buffer: Buffer } {
  const lines = [HEADER.join(','), ...rows.map((row) => HEADER.map((key) => row[key] ?? '').join(','))];
  return { name: 'alerts.csv', mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\n')}\n`) };
}
const importCsv = (rows: Record<string, string>[]) => page.locator('input[type=file]').setInputFiles(csv(rows));

type Alert = { featureKey: string; enabled: boolean; extraContext: string; branchId: string | null };
async function alerts(companyId: string): Promise<Alert[]> {
  const token = await page.evaluate(() => localStorage.getItem('deskToken'));
  const res = await fetch(`${app.url}${callPath(alertCalls.list, { companyId })}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { result: { data: Alert[] } }).result.data;
}

describe('bulk alert sheet', () => {
  it('asks for a company before saving', async () => {
    await page.goto(`${app.url}/alert-settings/upload`);
    await page.getByText('Bulk Alert Upload').waitFor();
    await cell(0, 0).dblclick();
    await page.keyboard.type('1001');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Submit' }).click();
    await toast('Please select a company before saving');
  });

  it('is reached from the list with the scope kept, and offers the format', async () => {
    await page.goto(`${app.url}/alert-settings?companyId=1001&companyType=CONSIGNOR`);
    await page.getByRole('button', { name: 'Bulk Alert Upload' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/alert-settings/upload' && url.searchParams.get('companyId') === '1001',
    );
    await cell(0, 0).waitFor();
    const headers = await page.locator('[data-testid=sheet] thead td[data-x]').allInnerTexts();
    expect(headers).toEqual([...HEADER, 'Status']);
    const download = page.waitForEvent('download');
    await page.getByText('Please Refer Format').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('bulk-alert-format.xlsx');
    expect(
      readFileSync((await file.path())!)
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });

  it('refuses an empty sheet and a file holding only the header', async () => {
    await page.getByRole('button', { name: 'Submit' }).click();
    await toast('No data to upload, upload a file or paste some data');
    await importCsv([]);
    await toast('Please add some data to the csv before uploading');
  });

  it('saves the good rows, marks each row, and removes the saved ones', async () => {
    await importCsv([
      { CompanyId: '1001', Alert_Name: 'driver_change', enable_ticket: 'yes', longstoppage_l1_short: '30' },
      { CompanyId: '1001', Alert_Name: 'detention' },
      { CompanyId: '1002', Alert_Name: 'waypoints_breach', Buffer: 'soon' },
      { CompanyId: '1002', Alert_Name: 'diversion' },
    ]);
    // The import reads the file (SheetJS loads on demand) before the rows appear.
    await expect.poll(() => cell(2, 3).innerText()).toBe('diversion');
    await page.getByRole('button', { name: 'Submit' }).click();
    await toast('Alert config set successfully for companyIds [ 1001, 1002 ]');
    expect(await statusOf(0)).toBe('Success');
    expect(await colorOf(0)).toBe('rgb(35, 120, 4)');
    expect(await statusOf(1)).toBe('Alert config already exists');
    expect(await colorOf(1)).toBe('rgb(207, 19, 34)');
    expect(await statusOf(2)).toMatch(/Buffer/);
    expect(await statusOf(3)).toBe('Success');

    const saved = (await alerts('1001')).find((a) => a.featureKey === 'driver_change')!;
    expect(saved.enabled).toBe(true);
    expect(JSON.parse(saved.extraContext)[0]).toMatchObject({
      ticketing: { raise_ticket: true },
      longstoppage_l1: { short: 30 },
    });
    expect((await alerts('1002')).some((a) => a.featureKey === 'diversion')).toBe(true);
    expect((await alerts('1002')).some((a) => a.featureKey === 'waypoints_breach')).toBe(false);

    await page.getByRole('button', { name: 'Remove Success' }).click();
    await expect.poll(() => cell(2, 0).innerText()).toBe('detention');
    expect(await cell(2, 1).innerText()).toBe('waypoints_breach');
    expect(await statusOf(0)).toBe('Alert config already exists');
    expect(await page.getByRole('button', { name: 'Remove Success' }).count()).toBe(0);
  });

  it("clears a fixed row's status when it is edited, then saves it", async () => {
    // As an operator does: click the row's first cell, arrow across to Buffer, type over it.
    await cell(0, 1).click();
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.type('360');
    await page.keyboard.press('Enter');
    expect(await statusOf(1)).toBe('');
    await page.getByRole('button', { name: 'Submit' }).click();
    await toast('Alert config set successfully for companyIds [ 1002 ]');
    expect(await statusOf(1)).toBe('Success');
    expect(await statusOf(0)).toBe('Alert config already exists');
  });

  it('sends only the rows not yet saved when submitted again', async () => {
    await page.locator('button:has-text("Reset"):not(:has-text("Filter"))').click();
    await answer(page, 'Yes');
    await importCsv([
      { CompanyId: '1001', Alert_Name: 'temperature_breached' },
      { CompanyId: '1001', Alert_Name: 'trip_common_assets_ft', Buffer: 'x' },
    ]);
    await expect.poll(() => cell(2, 1).innerText()).toBe('trip_common_assets_ft');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => statusOf(1)).toBe('Buffer must be a number of 0 or more');
    await cell(0, 1).click();
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.type('5');
    await page.keyboard.press('Enter');
    const sent = page.waitForRequest((request) => request.url().includes('/setAlerts'));
    await page.getByRole('button', { name: 'Submit' }).click();
    expect((await sent).postDataJSON()).toEqual([
      { CompanyId: '1001', Alert_Name: 'trip_common_assets_ft', Buffer: 5 },
    ]);
    await expect.poll(() => statusOf(1)).toBe('Success');
    expect(await statusOf(0)).toBe('Success');
  });

  it('keeps a pasted block within 600 rows and the data columns, with a warning', async () => {
    await page.locator('button:has-text("Reset"):not(:has-text("Filter"))').click();
    await answer(page, 'Yes');
    await cell(0, 0).click();
    const lines = Array.from({ length: 605 }, (_, i) =>
      ['1001', '', `a${i + 1}`, ...Array(40).fill('z')].join('\t'),
    ).join('\n');
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
    }, lines);
    await toast('The sheet holds at most 600 rows');
    await expect.poll(() => cell(2, 599).innerText()).toBe('a600');
    expect(await page.locator(`[data-testid=sheet] td[data-x="2"][data-y="600"]`).innerText()).toBe('');
    expect(await page.locator(`[data-testid=sheet] td[data-x="2"][data-y="601"]`).count()).toBe(0);
    expect(await statusOf(0)).toBe('');
    expect(await page.locator('[data-testid=sheet] thead td[data-x]').count()).toBe(STATUS + 1);
  });

  it('clears the sheet on Reset, after confirmation', async () => {
    await page.locator('button:has-text("Reset"):not(:has-text("Filter"))').click();
    await answer(page, 'Yes');
    await importCsv([{ CompanyId: '1001', Alert_Name: 'detention' }]);
    await expect.poll(() => cell(2, 0).innerText()).toBe('detention');
    await page.locator('button:has-text("Reset"):not(:has-text("Filter"))').click();
    await answer(page, 'No');
    expect(await cell(2, 0).innerText()).toBe('detention');
    await page.locator('button:has-text("Reset"):not(:has-text("Filter"))').click();
    await answer(page, 'Yes');
    expect(await cell(2, 0).innerText()).toBe('');
    expect(await page.getByRole('button', { name: 'Remove Success' }).count()).toBe(0);
  });

  it('keeps a draft across a reload, until Reset clears it', async () => {
    await importCsv([
      { CompanyId: '1001', Alert_Name: 'detention' },
      { CompanyId: '1001', Alert_Name: 'untracked', Buffer: '15' },
    ]);
    await expect.poll(() => cell(2, 1).innerText()).toBe('untracked');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await toast('Draft saved successfully');
    await page.reload();
    await expect.poll(() => cell(2, 1).innerText()).toBe('untracked');
    expect(await cell(6, 1).innerText()).toBe('15');
    expect(await cell(2, 0).innerText()).toBe('detention');
    await page.locator('button:has-text("Reset"):not(:has-text("Filter"))').click();
    await answer(page, 'Yes');
    await page.reload();
    await cell(0, 0).waitFor();
    expect(await cell(2, 0).innerText()).toBe('');
  });

  it('removes hundreds of saved rows at once, and scrolls wide rows inside the sheet at 1280 px', async () => {
    // 400 saved rows between 200 refused ones, as a draft of this company (statuses are part of a draft).
    const rows = Array.from({ length: 600 }, (_, i) => {
      const row = Array<string>(STATUS + 1).fill('');
      [row[0], row[2], row[STATUS]] = ['1001', `a${i}`, i % 3 === 2 ? 'Alert config already exists' : 'Success'];
      return row;
    });
    await page.evaluate(
      ([key, text]) => localStorage.setItem(key, text),
      [draftKey('/alert-settings/upload', '1001'), JSON.stringify({ v: 1, rows })],
    );
    await page.reload();
    await expect.poll(() => cell(2, 599).innerText()).toBe('a599');
    expect(await colorOf(0)).toBe('rgb(35, 120, 4)');
    expect(await colorOf(2)).toBe('rgb(207, 19, 34)');
    // The page itself does not scroll sideways; the sheet's own area does.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(
      await page.locator('[data-testid=sheet] .jss_content').evaluate((el) => el.scrollWidth > el.clientWidth),
    ).toBe(true);
    await page.getByRole('button', { name: 'Remove Success' }).click();
    await expect.poll(() => cell(2, 0).innerText()).toBe('a2');
    expect(await cell(2, 199).innerText()).toBe('a599');
    expect(await statusOf(199)).toBe('Alert config already exists');
    // 200 rows left, then the one spare row.
    expect(await cell(2, 200).innerText()).toBe('');
    expect(await page.locator('[data-testid=sheet] td[data-x="2"][data-y="201"]').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Remove Success' }).count()).toBe(0);
    await page.locator('button:has-text("Reset"):not(:has-text("Filter"))').click();
    await answer(page, 'Yes');
  });

  it('goes back to the list, which shows the new alert', async () => {
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL((url) => url.pathname === '/alert-settings' && url.searchParams.get('companyId') === '1001');
    await page.getByRole('cell', { name: 'driver_change', exact: true }).waitFor();
  });
});

describe('add alert config', () => {
  it('opens from the list and shows the rules of the sheet under readable labels', async () => {
    await page.goto(`${app.url}/alert-settings?companyId=1002&companyType=CONSIGNOR`);
    await page.getByRole('button', { name: 'Add Alert Config' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/alert-settings/add' && url.searchParams.get('companyId') === '1002',
    );
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Please select alert name').waitFor();
    await page.getByLabel('Buffer', { exact: true }).fill('-3');
    await page.getByLabel('Start Time (HH:mm)').fill('25:00');
    await page.getByLabel('Level 1 E-mail Ids').fill('nope');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Buffer must be a number of 0 or more').waitFor();
    await page.getByText('Start Time (HH:mm) must be a time as HH:mm').waitFor();
    await page.getByText('Level 1 E-mail Ids must be e-mail addresses separated by commas').waitFor();
    // The typed value is kept as typed (not clamped to the minimum), so the operator sees what was wrong.
    expect(await page.getByLabel('Buffer', { exact: true }).inputValue()).toBe('-3');
    // Text in a number field is kept too, and named, rather than dropped on blur.
    await page.getByLabel('Buffer', { exact: true }).fill('abc');
    await page.getByLabel('Config One').click();
    expect(await page.getByLabel('Buffer', { exact: true }).inputValue()).toBe('abc');
    // Letters are told apart from a number out of range: the field asks for a number.
    await page.getByText('Enter a number', { exact: true }).waitFor();
  });

  it('saves one alert for the company and returns to the list', async () => {
    await choose(page, 'Alert Name', 'over_speeding', 'over_speeding');
    await page.getByLabel('Buffer', { exact: true }).fill('15');
    await page.getByLabel('Start Time (HH:mm)').fill('22:30');
    await page.getByLabel('Level 1 E-mail Ids').fill('ops@jsw.example, lead@jsw.example');
    // On a busy machine rjsf may still be applying the typed values when the box is clicked: check until it holds.
    const ticket = page.getByLabel('Enable Ticket');
    await expect
      .poll(async () => {
        if (!(await ticket.isChecked())) await ticket.click();
        return ticket.isChecked();
      })
      .toBe(true);
    await page.getByRole('button', { name: 'Submit' }).click();
    await toast('Alert config set successfully for companyIds [ 1002 ]');
    await page.waitForURL((url) => url.pathname === '/alert-settings');
    await page.getByRole('cell', { name: 'over_speeding', exact: true }).waitFor();
    const saved = (await alerts('1002')).find((a) => a.featureKey === 'over_speeding')!;
    expect(JSON.parse(saved.extraContext)[0]).toMatchObject({
      ticketing: { raise_ticket: true },
      Buffer: 15,
      start_time: '22:30',
    });
  });

  it('refuses an alert the company already has, and stays on the form', async () => {
    await page.getByRole('button', { name: 'Add Alert Config' }).click();
    await page.getByText('Level 1 E-mail Ids').waitFor();
    await choose(page, 'Alert Name', 'over_speeding', 'over_speeding');
    await page.getByRole('button', { name: 'Submit' }).click();
    await toast('Alert config already exists');
    expect(new URL(page.url()).pathname).toBe('/alert-settings/add');
  });
});
