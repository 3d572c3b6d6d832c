/**
 * BENCH_KP_UPLOAD (on unless BENCH_KP_UPLOAD=0): the known-place bulk sheet in Chromium (the built console, the local
 * API and its gazetteer geocoder) with a 600-row xlsx file (spec 000 section 9: the sheet's cap):
 * - file chosen → sheet interactive: from setting the file on the input to its last row shown in the grid (the file
 *   is read in a Web Worker by SheetJS, then written to the grid at once);
 * - all rows validated: from the click on Submit to the first create call (every row checked, geocoded in batches
 *   of 200 and checked against the 30 km rule), less the time spent waiting on the geocoder's answers (reported
 *   beside it), both in the page's clock (Resource Timing);
 * - submit to the local API: from the first create call to the last row's status written (600 rows in chunks);
 * and the rows marked 'Success'. `node --import tsx tests/bench/known-places-upload.ts` runs this part alone.
 */
import { pathToFileURL } from 'node:url';
import * as XLSX from '@e965/xlsx';
import { login, startConsole } from '../e2e/harness';

const OPERATOR = 'ops@demo.local';
const ROWS = 600;
const HEADER = ['Code', 'Address Label', 'Address', 'Google Address', 'Latitude', 'Longitude', 'Geofence Radius'];
/** Towns of the gazetteer the rows are geocoded to; every tenth row brings coordinates too (checked by the 30 km rule). */
const TOWNS: [string, number, number][] = [
  ['Pune, Maharashtra', 18.52, 73.86],
  ['Nagpur, Maharashtra', 21.15, 79.09],
  ['Jaipur, Rajasthan', 26.91, 75.79],
  ['Lucknow, Uttar Pradesh', 26.85, 80.95],
  ['Indore, Madhya Pradesh', 22.72, 75.86],
  ['Surat, Gujarat', 21.17, 72.83],
];
/** The status cell's column: the visible ones, then the hidden place id. */
const STATUS_X = HEADER.length + 1;

/** An xlsx file of 600 known places, as an operator's Excel file. */
function workbook(): Buffer {
  const rows = Array.from({ length: ROWS }, (_, i) => {
    const [town, lat, lng] = TOWNS[i % TOWNS.length];
    return [
      `BENCH-KP-${i}`,
      `Bench place ${i}`,
      `Plot ${i}, Industrial Area`,
      town,
      i % 10 === 0 ? lat : '',
      i % 10 === 0 ? lng : '',
      2,
    ];
  });
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([HEADER, ...rows]), 'Known places');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** The three timings of a 600-row known-place upload, as report lines. */
export async function measureKnownPlacesUpload(): Promise<string[]> {
  const app = await startConsole({ motion: true });
  try {
    const page = await (await app.browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await login(page, app.url, OPERATOR);
    await page.getByText('Lego Configuration Console').waitFor();
    await page.goto(`${app.url}/known-places/upload?companyId=1001&companyName=Tata%20Steel&companyType=CONSIGNOR`);
    const cell = (x: number, y: number) => page.locator(`[data-testid=sheet] td[data-x="${x}"][data-y="${y}"]`);
    await cell(0, 0).waitFor({ timeout: 30_000 });
    const buffer = workbook();

    const chosen = performance.now();
    await page.locator('input[type=file]').setInputFiles({
      name: 'known-places.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer,
    });
    await cell(0, ROWS - 1)
      .filter({ hasText: `BENCH-KP-${ROWS - 1}` })
      .waitFor({ timeout: 60_000 });
    const importMs = performance.now() - chosen;

    let firstCreate = 0;
    let calls = 0;
    page.on('request', (request) => {
      if (!request.url().includes('/company_places/create')) return;
      calls++;
      firstCreate ||= performance.now();
    });
    // In the page's clock (a script, not a function: tsx names functions with a helper the page lacks): the click on
    // Submit, then the requests' own timings, to tell the rows' checks from the waits on the geocoder's answers.
    await page.evaluate(`(() => {
      performance.clearResourceTimings();
      performance.setResourceTimingBufferSize(10000);
      document.addEventListener('click', () => (window.benchSubmit = performance.now()), { capture: true, once: true });
    })()`);
    const submitted = performance.now();
    await page.getByRole('button', { name: /(^|\s)Submit$/ }).click();
    // Every status is written at once, after the last call: the last row's status ends the upload.
    await page.waitForFunction(
      ([x, y]) =>
        (document.querySelector(`[data-testid=sheet] td[data-x="${x}"][data-y="${y}"]`)?.textContent ?? '') !== '',
      [STATUS_X, ROWS - 1],
      { timeout: 300_000 },
    );
    const done = performance.now();
    if (!firstCreate) throw new Error('the sheet sent no create call');
    const timing = (await page.evaluate(`(() => {
      const entries = performance.getEntriesByType('resource');
      const create = entries.find((e) => e.name.includes('/company_places/create'));
      const geocoding = entries.filter((e) => e.name.includes('/maps/geocode')).map((e) => [e.startTime, e.responseEnd]);
      return { submit: window.benchSubmit, create: create ? create.startTime : null, geocoding };
    })()`)) as { submit: number; create: number | null; geocoding: [number, number][] };
    if (timing.create === null) throw new Error('no create call in the page timings');
    // The time spent waiting on the geocoder's answers before the first create call (overlapping calls counted once).
    let waited = 0;
    let reach = timing.submit;
    for (const [start, end] of timing.geocoding.sort((a, b) => a[0] - b[0])) {
      const from = Math.max(start, reach);
      const to = Math.min(end, timing.create);
      if (to > from) waited += to - from;
      reach = Math.max(reach, end);
    }
    const validated = timing.create - timing.submit;
    const statuses = await page.locator(`[data-testid=sheet] td[data-x="${STATUS_X}"]`).allTextContents();
    const saved = statuses.filter((text) => text === 'Success').length;
    return [
      `  known-place bulk sheet, ${ROWS}-row xlsx (gazetteer geocoder, PGlite): file chosen → sheet interactive ${Math.round(importMs)} ms; ` +
        `Submit → all rows validated (format checks, 30 km rule; the geocoder's answers not counted) ${Math.round(validated - waited)} ms, ` +
        `geocoder calls ${Math.round(waited)} ms (${timing.geocoding.length} calls), together ${Math.round(validated)} ms; ` +
        `create calls → every status written ${Math.round(done - firstCreate)} ms (${calls} calls); total submit ${Math.round(done - submitted)} ms; ${saved}/${ROWS} rows Success`,
    ];
  } finally {
    await app.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  console.log((await measureKnownPlacesUpload()).join('\n'));
