/**
 * BENCH_WAYPOINTS (on unless BENCH_WAYPOINTS=0): /way-point with 25 waypoints in Chromium (the built console), a drag
 * of the last row to the top (target: map redrawn ≤ 100 ms). Timed in the page from the mouse release: to the first
 * frame in which the map's marker '1' is the dragged waypoint (the markers redrawn), and to the first in which the
 * route's directions have changed (the line and the legs drawn; their legs are asked for while the row is dragged).
 * Median of 5 drags.
 */
import type { Page } from 'playwright-core';
import { companyCalls, mainCalls } from '../../schemas/api';
import { apiAs, callPath, login, startConsole } from '../e2e/harness';

const OPERATOR = 'ops@demo.local';
/** Tata Steel's Jamshedpur - Kolkata route (seeded without waypoints). */
const ROUTE_ID = 'rt_tsl_jsr_ccu';
const WAYPOINTS = 25;
const DRAGS = 5;
/**
 * The directions under the map (each leg's distance), drawn with the route line: a changed text is a redrawn route.
 * The line itself is no signal: two close waypoints swapped can simplify to the same SVG path.
 */
const DIRECTIONS = '[data-testid=map-directions]';

/** Stores `WAYPOINTS` waypoints on the route, spread between Jamshedpur and Kolkata, through the create call. */
async function seedWaypoints(page: Page, url: string, companyId: string): Promise<void> {
  const token = await page.evaluate(() => localStorage.getItem('deskToken'));
  for (let i = 1; i <= WAYPOINTS; i++) {
    const lat = 22.82 - (0.25 * i) / WAYPOINTS + 0.05 * Math.sin(i);
    const lng = 86.2 + (2.15 * i) / WAYPOINTS;
    const body = {
      label: `Bench Halt ${i}`,
      address: `Bench Halt ${i}, West Bengal, India`,
      cpCode: `BH-${i}`,
      geofenceRadius: 2,
      google: {
        place_id: `bench:${i}`,
        formatted_address: `Bench Halt ${i}, West Bengal, India`,
        geometry: { location: { lat, lng } },
      },
    };
    const res = await fetch(
      `${url}${callPath(mainCalls.createWaypoint, { c: companyId, t: 'CONSIGNOR', routeId: ROUTE_ID })}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      },
    );
    if (!res.ok) throw new Error(`waypoint ${i} not stored: ${res.status} ${await res.text()}`);
  }
}

/** Drags the last row's handle above the first row and times the redraws (ms from the release). */
async function timeDrag(page: Page): Promise<{ markers: number; line: number }> {
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  const moved = ((await rows.last().locator('td').first().textContent()) ?? '').trim();
  const handle = (await rows.last().locator('.waypoint-drag-handle').boundingBox())!;
  const top = (await rows.first().boundingBox())!;
  // Watched in the page, frame by frame from the release (a poll driven from here would add its round trips): the
  // first frame in which the map's marker '1' is the dragged waypoint, and the first in which the directions changed.
  // A script, not a function: tsx names nested functions with a helper the page does not have.
  await page.evaluate(`(() => {
    const selector = ${JSON.stringify(DIRECTIONS)};
    const label = ${JSON.stringify(moved)};
    const times = (window.benchTimes = {});
    const before = document.querySelector(selector)?.textContent ?? null;
    document.addEventListener('pointerup', () => {
      const up = performance.now();
      const frame = () => {
        const now = performance.now() - up;
        const one = [...document.querySelectorAll('.leaflet-marker-icon')].find((icon) => icon.querySelector('.lego-map-pin-label')?.textContent === '1');
        if (times.markers === undefined && one?.getAttribute('title') === label) times.markers = now;
        const directions = document.querySelector(selector)?.textContent ?? null;
        if (times.line === undefined && directions && directions !== before) times.line = now;
        if (times.markers === undefined || times.line === undefined) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    }, { capture: true, once: true });
  })()`);
  // The next drag starts once this order is stored (its answer redraws the rows).
  const stored = page.waitForResponse((res) => res.url().includes(mainCalls.reorderWaypoints.path), {
    timeout: 30_000,
  });
  const x = handle.x + handle.width / 2;
  await page.mouse.move(x, handle.y + handle.height / 2);
  await page.mouse.down();
  // In steps of less than a row, so the drag passes over each row, ending on the top edge of the first row.
  const steps = Math.ceil((handle.y - top.y) / 20);
  for (let step = 1; step <= steps; step++)
    await page.mouse.move(x, handle.y + ((top.y + 3 - handle.y) * step) / steps);
  await page.mouse.move(x, top.y + 2);
  await page.mouse.up();
  const times = await page.waitForFunction(
    () => {
      const t = (window as unknown as { benchTimes: { markers?: number; line?: number } }).benchTimes;
      return t.markers !== undefined && t.line !== undefined ? t : false;
    },
    undefined,
    { timeout: 30_000 },
  );
  await stored;
  const { markers, line } = (await times.jsonValue()) as { markers: number; line: number };
  return { markers: Math.round(markers), line: Math.round(line) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** /way-point with 25 waypoints: a drag to the top, the markers and the route line redrawn. */
export async function measureWaypointDrag(): Promise<string[]> {
  const app = await startConsole({ motion: true });
  try {
    // Tall enough for the 25 rows: the drag goes from the last row to the first without scrolling.
    const page = await (await app.browser.newContext({ viewport: { width: 1280, height: 1800 } })).newPage();
    await login(page, app.url, OPERATOR);
    await page.getByText('Lego Configuration Console').waitFor();
    const [company] = await apiAs<{ id: string; name: string; type: string }[]>(
      page,
      app.url,
      callPath(companyCalls.companySearch, { q: 'Tata' }),
    );
    await seedWaypoints(page, app.url, company.id);
    await page.goto(
      `${app.url}/way-point?companyId=${company.id}&companyName=${encodeURIComponent(company.name)}&companyType=${company.type}&routeId=${ROUTE_ID}`,
    );
    await page.locator('.lego-map-pin-label', { hasText: String(WAYPOINTS) }).waitFor({ timeout: 30_000 });
    await page.locator(DIRECTIONS).waitFor({ timeout: 30_000 });
    const runs: { markers: number; line: number }[] = [];
    for (let i = 0; i < DRAGS; i++) runs.push(await timeDrag(page));
    const markers = median(runs.map((r) => r.markers));
    const line = median(runs.map((r) => r.line));
    return [
      `  /way-point, 25 waypoints, drag to reorder: markers redrawn ${markers} ms, route line and legs redrawn ${line} ms (release → frame, median of ${DRAGS}; target ≤ 100 ms)`,
    ];
  } finally {
    await app.stop();
  }
}
