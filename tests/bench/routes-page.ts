/**
 * /routes in Chromium (issue 10 and issue 38's targets): from navigation to the first rows shown, in a fresh tab of a
 * logged-in session and again on a reload; then, when the list has a search box, from the last keystroke of a query
 * naming one route to the rows filtered down to it, timed in the page (the browser's own clock) and from the harness.
 * The bench's /routes with 10,000 routes (run.ts) and with 200,000 (scale.ts) read the same figures.
 */
import type { BrowserContext, Page } from 'playwright-core';

/** What the page took: navigation and reload to the first rows, and a keystroke to the filtered rows (if searchable). */
export interface RoutesPageFigures {
  firstRowsMs: number;
  reloadMs: number;
  key: { inPageMs: number; harnessMs: number; shown: number } | null;
}

/** The figures of /routes?`scope` at `url` in a new tab of `context` (logged in), searching for `query`. */
export async function routesPageFigures(
  context: BrowserContext,
  url: string,
  scope: string,
  query: string,
): Promise<RoutesPageFigures> {
  const rows = (p: Page) => p.locator('.ant-table-tbody tr.ant-table-row');
  const fresh = await context.newPage();
  const opened = performance.now();
  await fresh.goto(`${url}/routes?${scope}`);
  await rows(fresh).first().waitFor({ timeout: 30_000 });
  const firstRowsMs = performance.now() - opened;
  const reloaded = performance.now();
  await fresh.reload();
  await rows(fresh).first().waitFor({ timeout: 30_000 });
  const reloadMs = performance.now() - reloaded;

  const box = fresh
    .getByRole('searchbox')
    .or(fresh.getByRole('textbox', { name: /search/i }))
    .or(fresh.getByPlaceholder(/search/i));
  if ((await box.count()) === 0) return { firstRowsMs, reloadMs, key: null };
  // `query` names one route: type all but its last character, let the list settle, then time the last key.
  const filtered = (text: string) =>
    fresh.waitForFunction(
      (t) => {
        const shown = [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')];
        return shown.length > 0 && shown.every((r) => (r.textContent ?? '').toLowerCase().includes(t));
      },
      text.toLowerCase(),
      { timeout: 30_000 },
    );
  await box.first().fill(query.slice(0, -1));
  await filtered(query.slice(0, -1));
  // In the page: from the key's event to the first frame that shows only the filtered rows, as the operator sees it
  // (the browser's own clock); the harness's figure adds sending the key over the DevTools protocol.
  // (A string: the functions tsx compiles carry its __name helper, which the page does not have.)
  // (Not the promise itself: evaluate would wait for it.)
  await fresh.evaluate(`void (window.benchKeyToRows = new Promise((done) => {
    let key = 0;
    document.addEventListener('keydown', (event) => { key = event.timeStamp; }, { capture: true, once: true });
    const check = () => {
      const shown = [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')];
      if (key && shown.length > 0 && shown.every((r) => (r.textContent ?? '').toLowerCase().includes(${JSON.stringify(query.toLowerCase())})))
        done(performance.now() - key);
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  }))`);
  const typed = performance.now();
  await box.first().press(query.slice(-1));
  await filtered(query);
  const harnessMs = performance.now() - typed;
  const inPageMs = await fresh.evaluate(
    () => (window as unknown as { benchKeyToRows: Promise<number> }).benchKeyToRows,
  );
  return { firstRowsMs, reloadMs, key: { inPageMs, harnessMs, shown: await rows(fresh).count() } };
}

/** The report lines of the figures, the first naming the list (`what`). */
export function routesPageLines(what: string, figures: RoutesPageFigures): string[] {
  const { firstRowsMs, reloadMs, key } = figures;
  return [
    `  /routes with ${what}: navigation → first rows ${Math.round(firstRowsMs)} ms, reload → first rows ${Math.round(reloadMs)} ms (target ≤ 1000 ms)`,
    key
      ? `    search: a keystroke → filtered rows ${Math.round(key.inPageMs)} ms in the page, ${Math.round(key.harnessMs)} ms from the harness's key press, ${key.shown} row(s) shown (target ≤ 100 ms)`
      : '    search: not available yet',
  ];
}
