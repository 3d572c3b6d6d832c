/**
 * BENCH_RM_UPLOAD (on unless BENCH_RM_UPLOAD=0): a 550-row route master file (spec 000 section 9, the sheet's cap)
 * submitted on /route-master/upload in Chromium (the built console), target ≤ 3 s. The file is imported first (not
 * timed); the time runs from the Submit click until the last row's status reads 'Success', so it holds the lookups'
 * four fetches, the row processors, the bulk calls (in chunks) and the statuses written back. The bulk calls' own
 * times (request start to response end, as Chromium saw them) are printed beside it.
 */
import * as XLSX from '@e965/xlsx';
import type { Request } from 'playwright-core';
import { companyCalls } from '../../schemas/api';
import { ROUTE_MASTER_SHEET_COLUMNS } from '../../screens/route-master-upload';
import { apiAs, callPath, login, startConsole } from '../e2e/harness';

const OPERATOR = 'ops@demo.local';
const ROWS = 550;
const HEADER = ROUTE_MASTER_SHEET_COLUMNS.filter((c) => !('hidden' in c && c.hidden)).map((c) => c.key);
const STATUS = ROUTE_MASTER_SHEET_COLUMNS.length;

/**
 * Row i's valid-from date, DD/MM/YYYY: a different day for every row from 01/01/2027 on (28 days a month), as one
 * route, transporter, vehicle and material takes one rate a date (migration 150).
 */
const validFrom = (i: number) => {
  const month = Math.floor(i / 28);
  return `${String((i % 28) + 1).padStart(2, '0')}/${String((month % 12) + 1).padStart(2, '0')}/${2027 + Math.floor(month / 12)}`;
};

/** A 550-row workbook of seeded Tata Steel names, each row a different freight cost and date. */
function workbook(): Buffer {
  const rows = Array.from({ length: ROWS }, (_, i) => {
    const row: Record<string, string | number> = {
      Route: 'Jamshedpur - Kolkata',
      Transporter: 'VRL Logistics Limited',
      'Vehicle Type': 'Open 22 ft 15 MT',
      'Material Type': 'Steel Coils',
      'Freight Cost': `${20 + i},500`,
      'Loading Fee': 1200,
      'STT (hours)': 12,
      'Valid From': validFrom(i),
    };
    return HEADER.map((key) => row[key] ?? '');
  });
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([HEADER, ...rows]), 'Sheet1');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** The 550-row route master upload, from Submit to the last status. */
export async function measureRouteMasterUpload(): Promise<string[]> {
  const app = await startConsole({ motion: true });
  try {
    const page = await (await app.browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await login(page, app.url, OPERATOR);
    await page.getByText('Lego Configuration Console').waitFor();
    const [company] = await apiAs<{ id: string; name: string; type: string }[]>(
      page,
      app.url,
      callPath(companyCalls.companySearch, { q: 'Tata' }),
    );
    await page.goto(
      `${app.url}/route-master/upload?companyId=${company.id}&companyName=${encodeURIComponent(company.name)}&companyType=${company.type}`,
    );
    await page.locator('input[type=file]').setInputFiles({
      name: 'route-master.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: workbook(),
    });
    await page
      .locator(`[data-testid=sheet] td[data-x="0"][data-y="${ROWS - 1}"]`, { hasText: 'Jamshedpur' })
      .waitFor({ timeout: 30_000 });
    const bulk: Request[] = [];
    page.on('requestfinished', (request) => {
      if (request.url().includes('/company_routes_master/bulk_create')) bulk.push(request);
    });
    const start = Date.now();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page
      .locator(`[data-testid=sheet] td[data-x="${STATUS}"][data-y="${ROWS - 1}"]`, { hasText: 'Success' })
      .waitFor({ timeout: 60_000 });
    const total = Date.now() - start;
    const failed = await page
      .locator(`[data-testid=sheet] tbody td[data-x="${STATUS}"]`)
      .evaluateAll((tds) => tds.filter((td) => td.textContent && td.textContent !== 'Success').length);
    if (failed > 0) throw new Error(`${failed} of ${ROWS} rows were not saved`);
    const calls = bulk.map((request) => Math.round(request.timing().responseEnd));
    return [
      `  route master upload, ${ROWS} rows: Submit → last status ${total} ms (target ≤ 3000 ms); ${calls.length} bulk calls of ${calls.join(', ')} ms`,
    ];
  } finally {
    await app.stop();
  }
}
