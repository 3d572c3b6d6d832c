import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callPath, operatorSession, pickCompany, saveScreen, type RunningConsole } from './harness';
import { mainCalls } from '../../schemas/api';

/**
 * Issue 10 point 4: every list fits 1280 px (long texts end in an ellipsis, the full text on hover), one obvious edit
 * per row, search, sorting, a page-size choice and a count on the routes list (searched, sorted and paged by the
 * server), and report lists whose rows can be told apart by their recipients and schedule.
 */
const session = operatorSession();
let app: RunningConsole;
let page: Page;
let scope: string;
let companyId: string;
beforeAll(async () => {
  ({ app, page } = session);
});

/** Routes added for this test: enough to pass one page, with long addresses. */
const ADDED = 30;
const LONG =
  'Plot 14, Phase II, Chakan Industrial Area, Mahalunge, Khed Taluka, Pune District, Maharashtra 410501, India';
const place = (id: string, label: string, address: string) => ({
  label,
  address,
  cpCode: '',
  geofenceRadius: 2,
  google: { place_id: id, formatted_address: address, geometry: { location: { lat: 18.75, lng: 73.85 } } },
});

/** Calls the API with the page's desk token. */
async function api<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const token = await page.evaluate(() => localStorage.getItem('deskToken'));
  const res = await fetch(`${app.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as T };
}

type Page1 = { data: { code: string; label: string }[]; total: number };
const routesPage = (query: Record<string, string | number>) =>
  api<Page1>('GET', callPath(mainCalls.routes, { c: companyId, t: 'CONSIGNOR', ...query }));

/** The table fits the window: nothing scrolls sideways and the last column ends inside the viewport. */
async function fits(width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.locator('.ant-table-tbody tr.ant-table-row, .ant-table-tbody .ant-table-placeholder').first().waitFor();
  const overflow = await page.evaluate(() => {
    const content = document.querySelector('.ant-table-content, .ant-table-body') as HTMLElement | null;
    const root = document.scrollingElement!;
    return {
      table: content ? content.scrollWidth - content.clientWidth : 0,
      page: root.scrollWidth - root.clientWidth,
    };
  });
  expect(overflow).toEqual({ table: 0, page: 0 });
  const lastHeader = await page.locator('.ant-table-thead th').last().boundingBox();
  expect(lastHeader!.x + lastHeader!.width).toBeLessThanOrEqual(width);
}

const rows = () => page.locator('.ant-table-tbody tr.ant-table-row');

describe('lists', () => {
  it('the routes list fits 1280 and 1440 px, with one labelled Edit per row and the full text on hover', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await pickCompany(page, 'Tata', 'Tata Steel Limited (CONSIGNOR)');
    await page.waitForURL(/companyId=/);
    companyId = new URL(page.url()).searchParams.get('companyId')!;
    scope = new URL(page.url()).search;
    for (let i = 1; i <= ADDED; i++) {
      const n = String(i).padStart(2, '0');
      const saved = await api('POST', callPath(mainCalls.saveRoute, { c: companyId, t: 'CONSIGNOR' }), {
        label: `Lists Route ${n}`,
        code: `LST-${n}`,
        stt: 300,
        origin: place(`in:lst:${n}:o`, `Origin ${n}`, `${LONG} (${n})`),
        destination: place(
          `in:lst:${n}:d`,
          `Destination ${n}`,
          `Unloading yard ${n}, JNPT, Nhava Sheva, Navi Mumbai, Maharashtra 400707, India`,
        ),
      });
      expect(saved.status).toBe(200);
    }
    await page.goto(`${app.url}/routes${scope}`);
    const total = (await routesPage({ page: 1, size: 1 })).body.total;
    expect(total).toBeGreaterThanOrEqual(ADDED);
    await page.getByText(`1-20 of ${total} routes`).waitFor();
    expect(await rows().count()).toBe(20);

    for (const header of [
      'Loading Point',
      'Unloading Point',
      'Route Label',
      'Route Code',
      'Updated By',
      'Time Stamp',
      'Action',
    ]) {
      await page.locator('.ant-table-thead th', { hasText: header }).first().waitFor();
    }
    await fits(1280);
    await saveScreen(page, 'lists-routes-1280');
    await fits(1440);
    await saveScreen(page, 'lists-routes-1440');
    await page.setViewportSize({ width: 1280, height: 900 });

    // One obvious edit: a labelled Edit link per row (the quick edit modal is a small secondary action).
    const first = rows().first();
    expect(await first.getByRole('link', { name: 'Edit' }).count()).toBe(1);
    expect(await first.getByRole('link', { name: 'Edit' }).textContent()).toContain('Edit');
    // A long address ends in an ellipsis, its full text in the cell's title (shown on hover).
    const cell = page.locator('.ant-table-tbody td', { hasText: LONG }).first();
    expect(await cell.getAttribute('title')).toContain(LONG);
    const clipped = await cell.evaluate((td) => {
      const inner = (td.querySelector('.ant-table-cell-content') as HTMLElement | null) ?? (td as HTMLElement);
      return inner.scrollWidth > inner.clientWidth || td.scrollWidth > td.clientWidth;
    });
    expect(clipped).toBe(true);
  });

  it('searches the routes on the server as the operator types', async () => {
    const search = page.getByRole('searchbox', { name: 'Search' });
    const asked = page.waitForRequest(
      (req) => req.url().includes('company_routes/fetch') && req.url().includes('q=LST-07'),
    );
    await search.fill('LST-07');
    await asked;
    await page.getByText('1-1 of 1 routes').waitFor();
    await expect.poll(() => rows().count()).toBe(1);
    expect(await rows().first().textContent()).toContain('Lists Route 07');
    await search.fill('no such route anywhere');
    await page.getByText('No routes found for the given selection').waitFor();
    await search.fill('');
    const total = (await routesPage({ page: 1, size: 1 })).body.total;
    await page.getByText(`1-20 of ${total} routes`).waitFor();
  });

  it('sorts the routes by a column header on the server, both ways', async () => {
    const expected = (await routesPage({ page: 1, size: 20, sort: 'code', order: 'asc' })).body.data.map((r) => r.code);
    const ascending = page.waitForResponse((res) => res.url().includes('sort=code&order=asc'));
    await page.locator('.ant-table-thead th', { hasText: 'Route Code' }).click();
    await ascending;
    await expect.poll(async () => (await rows().first().textContent()) ?? '').toContain(expected[0]);
    const descending = page.waitForResponse((res) => res.url().includes('sort=code&order=desc'));
    await page.locator('.ant-table-thead th', { hasText: 'Route Code' }).click();
    await descending;
    const last = (await routesPage({ page: 1, size: 1, sort: 'code', order: 'desc' })).body.data[0].code;
    await expect.poll(async () => (await rows().first().textContent()) ?? '').toContain(last);
  });

  it('offers a page size and counts the rows', async () => {
    const total = (await routesPage({ page: 1, size: 1 })).body.total;
    await page.locator('.ant-pagination-options .ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '50 / page' }).click();
    await page.getByText(`1-${Math.min(50, total)} of ${total} routes`).waitFor();
    await expect.poll(() => rows().count()).toBe(Math.min(50, total));
  });

  it('keeps its search, sort and page in the address: a reload shows the same rows (issue 4)', async () => {
    await page.goto(`${app.url}/routes${scope}`);
    await rows().first().waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill('LST-');
    await page.getByText(`1-20 of ${ADDED} routes`).waitFor();
    const header = page.locator('.ant-table-thead th', { hasText: 'Route Code' });
    // Each click once the table shows the last one (the address changes first, the table as React draws it).
    await header.click();
    await page.waitForURL(/sort=code&order=asc/);
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    await header.click();
    await page.waitForURL(/sort=code&order=desc/);
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    // The page after the one shown is read by its cursor (keyset, through the order's index), not by number.
    const byCursor = page.waitForRequest(
      (r) => r.url().includes('/company_routes/fetch') && /[?&]after=/.test(r.url()),
    );
    await page.locator('.ant-pagination-item-2').click();
    await page.waitForURL(/page=2/);
    await byCursor;
    const expected = (await routesPage({ q: 'LST-', sort: 'code', order: 'desc', page: 2, size: 20 })).body.data;
    await expect.poll(async () => (await rows().first().textContent()) ?? '').toContain(expected[0].code);
    // The company scope's keys are as they were; the list's place is beside them.
    const address = new URL(page.url());
    for (const [key, value] of new URLSearchParams(scope)) expect(address.searchParams.get(key)).toBe(value);
    expect(
      Object.fromEntries(['q', 'sort', 'order', 'page'].map((key) => [key, address.searchParams.get(key)])),
    ).toEqual({ q: 'LST-', sort: 'code', order: 'desc', page: '2' });

    await page.reload();
    await page.getByText(`21-${ADDED} of ${ADDED} routes`).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('LST-');
    expect(await rows().count()).toBe(expected.length);
    expect(await rows().first().textContent()).toContain(expected[0].code);
    expect(await page.locator('.ant-pagination-item-active').textContent()).toBe('2');
    expect(await header.getAttribute('aria-sort')).toBe('descending');

    // Another screen of the menu opens at its own start, with the scope alone.
    await page.getByRole('menuitem', { name: 'Route Master' }).click();
    await page.waitForURL('**/route-master?*');
    expect(new URL(page.url()).search).toBe(scope);
  });

  it('pins the action column: at 768 px every row shows its Edit without scrolling sideways (issue 4)', async () => {
    await page.goto(`${app.url}/routes${scope}`);
    await rows().first().waitFor();
    await page.setViewportSize({ width: 768, height: 900 });
    const edit = rows().first().getByRole('link', { name: 'Edit' });
    await edit.waitFor();
    // The table scrolls inside its card (its columns need more than 768 px), the page does not.
    const overflow = await page.evaluate(() => {
      const content = document.querySelector<HTMLElement>('.ant-table-content');
      const root = document.scrollingElement!;
      return {
        table: (content?.scrollWidth ?? 0) > (content?.clientWidth ?? 0),
        page: root.scrollWidth - root.clientWidth,
      };
    });
    expect(overflow).toEqual({ table: true, page: 0 });
    const box = (await edit.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(768);
    const action = (await page.locator('.ant-table-thead th', { hasText: 'Action' }).last().boundingBox())!;
    expect(action.x + action.width).toBeLessThanOrEqual(768);
    await saveScreen(page, 'lists-routes-768');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('hides a column from the Columns button and widens one by its edge, as this desk left them after a reload (issue 4)', async () => {
    await page.goto(`${app.url}/routes${scope}`);
    await rows().first().waitFor();
    const updatedBy = page.locator('.ant-table-thead th', { hasText: 'Updated By' });
    await updatedBy.waitFor();
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'Updated By' }).uncheck();
    await updatedBy.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    // The export holds the columns shown, as the screen does.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'CSV file (.csv)' }).click();
    const file = await download;
    const saved = join(mkdtempSync(join(tmpdir(), 'export-')), file.suggestedFilename());
    await file.saveAs(saved);
    const header = readFileSync(saved, 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')[0];
    expect(header).toContain('Route Label');
    expect(header).not.toContain('Updated By');
    // The label column's right edge, dragged 120 px to the right.
    const label = page.locator('.ant-table-thead th', { hasText: 'Route Label' });
    const before = (await label.boundingBox())!.width;
    const handle = (await page.getByRole('separator', { name: 'Resize Route Label' }).boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 6; step++)
      await page.mouse.move(handle.x + handle.width / 2 + step * 20, handle.y + handle.height / 2);
    await page.mouse.up();
    await expect.poll(async () => (await label.boundingBox())!.width).toBeGreaterThan(before + 100);
    const widened = (await label.boundingBox())!.width;

    await page.reload();
    await rows().first().waitFor();
    await label.waitFor();
    expect(await updatedBy.count()).toBe(0);
    expect(Math.abs((await label.boundingBox())!.width - widened)).toBeLessThanOrEqual(1);
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('button', { name: 'Reset columns' }).click();
    await updatedBy.waitFor();
    expect(Math.abs((await label.boundingBox())!.width - before)).toBeLessThanOrEqual(1);
    await page.keyboard.press('Escape');
  });

  it('the report lists tell their rows apart by recipients and schedule, and fit 1280 px', async () => {
    await page.goto(`${app.url}/exception-report${scope}`);
    const alert = page.locator('.ant-table-tbody tr', { hasText: 'rs_tsl_alert' });
    await alert.waitFor();
    for (const header of ['Event Id', 'Event Name', 'Recipients', 'Schedule', 'Enable Notificaton', 'Action']) {
      await page.locator('.ant-table-thead th', { hasText: header }).first().waitFor();
    }
    expect(await alert.textContent()).toContain('alerts@tatasteel.example');
    expect(await alert.textContent()).toContain('Every 4 hours');
    await fits(1280);
    await saveScreen(page, 'lists-exception-1280');

    await page.goto(`${app.url}/sputnik-daily-summary${scope}`);
    const daily = page.locator('.ant-table-tbody tr', { hasText: 'control.tower@tatasteel.example' });
    await daily.waitFor();
    expect(await daily.textContent()).toContain('Daily at 8:30 AM IST');
    expect(await daily.textContent()).toContain('ops@demo.local, control.tower@tatasteel.example');
    await page.getByRole('searchbox', { name: 'Search' }).fill('nobody@else.example');
    await page.getByText('No reports found').waitFor();
  });

  it('the configuration lists keep the rows with the typed text in a searched column (issue 23 point 3)', async () => {
    // Tata Steel's own rows, and (notifications) its Jamshedpur branch's, where the demo configurations are.
    for (const [path, query, text] of [
      ['/auto-closure', scope, 'ON_ENTRY'],
      ['/dashboard-settings', scope, ''],
      ['/configuration-list', `${scope}&branchId=3101`, 'EMAIL'],
      ['/sidebar-menu', scope, ''],
      ['/display-alert-ticket', scope, ''],
    ] as const) {
      await page.goto(`${app.url}${path}${query}`);
      // Each of these lists has rows in the demo: wait for them (the table shows its placeholder while it loads).
      await rows().first().waitFor();
      const all = await rows().count();
      const search = page.getByRole('searchbox', { name: 'Search' });
      await search.fill('no such text in any row');
      await expect.poll(() => rows().count(), { message: path }).toBe(0);
      if (text) {
        await search.fill(text.toLowerCase());
        await expect.poll(() => rows().count(), { message: path }).toBeGreaterThan(0);
        for (const row of await rows().all())
          expect((await row.textContent())?.toLowerCase()).toContain(text.toLowerCase());
      }
      await search.fill('');
      await expect.poll(() => rows().count(), { message: path }).toBe(all);
    }
  });

  it('exports what a list shows, every page the server has, as xlsx and CSV with its column titles (issue 23 point 3)', async () => {
    await page.goto(`${app.url}/routes${scope}`);
    await rows().first().waitFor();
    const titles = (await page.locator('.ant-table-thead th').allTextContents())
      .map((t) => t.trim())
      .filter((t) => t && t !== 'Action' && t !== 'Actions');
    const total = (await routesPage({ page: 1, size: 1 })).body.total;
    expect(total).toBeGreaterThan(20);
    /** Chooses a format in the Export menu and saves the download. */
    const exported = async (format: string) => {
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export' }).click();
      await page.getByRole('menuitem', { name: format }).click();
      const file = await download;
      const saved = join(mkdtempSync(join(tmpdir(), 'export-')), file.suggestedFilename());
      await file.saveAs(saved);
      return { name: file.suggestedFilename(), saved };
    };
    const xlsx = await exported('Excel workbook (.xlsx)');
    expect(xlsx.name).toBe('routes.xlsx');
    const book = XLSX.read(readFileSync(xlsx.saved));
    const table = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1, raw: false });
    expect(table[0]).toEqual(titles);
    // Every route of the scope, not the 20 of the page shown.
    expect(table).toHaveLength(total + 1);
    expect(table.slice(1).some((row) => row.includes('Lists Route 07'))).toBe(true);

    // What a search leaves: only that, as CSV.
    await page.getByRole('searchbox', { name: 'Search' }).fill('LST-07');
    await page.getByText('1-1 of 1 routes').waitFor();
    const csv = await exported('CSV file (.csv)');
    expect(csv.name).toBe('routes.csv');
    const lines = readFileSync(csv.saved, 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Lists Route 07');
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
  });

  it('the other lists fit 1280 px too', async () => {
    for (const path of ['/route-master', '/transporters', '/alert-settings', '/audit-log']) {
      await page.goto(`${app.url}${path}${scope}`);
      await fits(1280);
      await saveScreen(page, `lists${path.replace('/', '-')}-1280`);
    }
  });
});
