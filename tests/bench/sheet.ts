/**
 * BENCH_SHEET (on unless BENCH_SHEET=0): 'Remove Success' on the bulk alert sheet in Chromium (the built console),
 * issue 11 point 6 (target ≤ 100 ms for any number of rows). The sheet is filled from a draft of the company
 * (statuses included, as drafts keep them): 400 saved rows alone, and 400 saved rows among 600. The time is from
 * the click to the next frame after the rows are gone.
 */
import type { Page } from 'playwright-core';
import { ALERT_COLUMNS } from '../../schemas/alert-bulk';
import { companyCalls } from '../../schemas/api';
import { draftKey } from '../../engine/sheet/drafts';
import { apiAs, callPath, login, startConsole } from '../e2e/harness';

const OPERATOR = 'ops@demo.local';
const STATUS = ALERT_COLUMNS.length;

/** A draft of `total` rows, `saved` of them marked 'Success' (spread among the others). */
function draftRows(total: number, saved: number): string[][] {
  return Array.from({ length: total }, (_, i) => {
    const row = Array<string>(STATUS + 1).fill('');
    const isSaved = Math.floor(((i + 1) * saved) / total) > Math.floor((i * saved) / total);
    [row[0], row[2], row[STATUS]] = ['1001', `bench_${i}`, isSaved ? 'Success' : 'Alert config already exists'];
    return row;
  });
}

/** Loads the draft, waits for its last row, and times one click on Remove Success until the frame after it. */
async function timeRemove(page: Page, url: string, companyId: string, total: number, saved: number): Promise<number> {
  await page.evaluate(
    ([key, text]) => localStorage.setItem(key, text),
    [draftKey('/alert-settings/upload', companyId), JSON.stringify({ v: 1, rows: draftRows(total, saved) })],
  );
  await page.goto(url);
  await page
    .locator(`[data-testid=sheet] td[data-x="2"][data-y="${total - 1}"]`, { hasText: `bench_${total - 1}` })
    .waitFor({ timeout: 30_000 });
  const button = page.getByRole('button', { name: 'Remove Success' });
  await button.waitFor();
  const ms = await button.evaluate(async (el) => {
    const start = performance.now();
    (el as HTMLButtonElement).click();
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    return performance.now() - start;
  });
  const left = await page.locator('[data-testid=sheet] tbody tr').count();
  if (left > total - saved + 10) throw new Error(`Remove Success left ${left} rows of ${total}`);
  return Math.round(ms);
}

/** 'Remove Success' of 400 saved rows, alone and among 600. */
export async function measureSheetRemoveSuccess(): Promise<string[]> {
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
    const url = `${app.url}/alert-settings/upload?companyId=${company.id}&companyName=${encodeURIComponent(company.name)}&companyType=${company.type}`;
    const alone = await timeRemove(page, url, company.id, 400, 400);
    const among = await timeRemove(page, url, company.id, 600, 400);
    return [
      `  bulk alert sheet, Remove Success: 400 of 400 rows ${alone} ms, 400 of 600 rows ${among} ms (click → next frame; target ≤ 100 ms)`,
    ];
  } finally {
    await app.stop();
  }
}
