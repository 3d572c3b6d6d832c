import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { answer, apiAs, callPath, operatorSession, type RunningConsole } from './harness';
import { mapCalls, placeCalls } from '../../schemas/api';
import type { KnownPlace } from '../../schemas/known-place';
import { draftKey } from '../../engine/sheet/drafts';
import { EARTH_RADIUS_KM, distanceKm } from '../../schemas/haversine';

const session = operatorSession();
let app: RunningConsole;
let page: Page;
beforeAll(async () => {
  ({ app, page } = session);
});

/** The sheet's visible columns (spec 000 section 3), the hidden place id at x = 7 and the status at x = 8. */
const HEADER = ['Code', 'Address Label', 'Address', 'Google Address', 'Latitude', 'Longitude', 'Geofence Radius'];
const PLACE_ID = 7;
const STATUS = 8;
const TATA = 'companyId=1001&companyName=Tata%20Steel&companyType=CONSIGNOR';
const GREEN = 'rgb(35, 120, 4)';
const RED = 'rgb(207, 19, 34)';
/** The base place of the 30 km pair, and the cities the other rows are geocoded to. */
const BASE = 'Pune, Maharashtra';
const CITIES = [
  BASE,
  'Nagpur, Maharashtra',
  'Jaipur, Rajasthan',
  'Lucknow, Uttar Pradesh',
  'Indore, Madhya Pradesh',
  'Surat, Gujarat',
];

const cell = (x: number, y: number) => page.locator(`[data-testid=sheet] td[data-x="${x}"][data-y="${y}"]`);
const statusOf = (y: number) => cell(STATUS, y).innerText();
const colorOf = (y: number) => cell(STATUS, y).evaluate((td) => getComputedStyle(td).color);
const toast = (text: string) => page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
// A button's name is its icon's label, then its text.
const button = (name: string) => page.getByRole('button', { name: new RegExp(`(^|\\s)${name}$`) });

type Place = { place_id: string; formatted_address: string; geometry: { location: { lat: number; lng: number } } };
/** What the platform's geocoder (the one the sheet calls) answers for an address. */
async function geocoded(address: string): Promise<Place> {
  const [place] = await apiAs<Place[]>(page, app.url, callPath(mapCalls.geocode, { address }));
  if (!place) throw new Error(`the geocoder does not know ${address}`);
  return place;
}

/** A latitude `km` north of `lat` on the same meridian: there the haversine distance is R·Δφ, so this is exact. */
const northBy = (lat: number, km: number) => lat + (km / EARTH_RADIUS_KM) * (180 / Math.PI);

/** A workbook of the sheet's header and rows, as an operator's Excel file. */
function xlsxFile(rows: (string | number)[][]): { name: string; mimeType: string; buffer: Buffer } {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([HEADER, ...rows]), 'Known places');
  const buffer = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  return {
    name: 'known-places.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  };
}

/** Pastes tab-separated rows at the sheet's first cell, as from Excel. */
async function paste(rows: string[][]): Promise<void> {
  await cell(0, 0).click();
  await page.evaluate(
    (text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
    },
    rows.map((row) => row.join('\t')).join('\n'),
  );
  await expect.poll(() => cell(0, rows.length - 1).innerText()).toBe(rows.at(-1)![0]);
}

/** The geocoder's place for {@link BASE}, read by the upload test. */
let base: Place;

const placesOf = (query: Record<string, string>) =>
  apiAs<KnownPlace[]>(page, app.url, callPath(placeCalls.placeFetch, query));

describe('known place bulk upload', () => {
  it('has the nine columns, offers the format, and asks for a company before saving', async () => {
    await page.goto(`${app.url}/known-places/upload`);
    await page.getByText('Bulk Known Place Upload').waitFor();
    const headers = page.locator('[data-testid=sheet] thead td[data-x]');
    expect(await headers.evaluateAll((tds) => tds.map((td) => td.textContent))).toEqual([
      ...HEADER,
      'Place Id',
      'Success Status',
    ]);
    expect(await headers.nth(PLACE_ID).isVisible()).toBe(false);

    const download = page.waitForEvent('download');
    await page.getByText('Please Refer Format').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('known-places-format.xlsx');
    const format = XLSX.read(readFileSync((await file.path())!));
    expect(XLSX.utils.sheet_to_json<string[]>(format.Sheets[format.SheetNames[0]], { header: 1 })[0]).toEqual(HEADER);

    await paste([['KPU-X', 'Gate', 'Plot 1', BASE, '', '', '2']]);
    await button('Submit').click();
    await toast('Please select a company before saving');
  });

  it('refuses an empty sheet and a file holding only the header', async () => {
    await page.goto(`${app.url}/known-places/upload?${TATA}`);
    await cell(0, 0).waitFor();
    await button('Submit').click();
    await toast('No data to upload, upload a file or paste some data');
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'places.csv', mimeType: 'text/csv', buffer: Buffer.from(`${HEADER.join(',')}\n`) });
    await toast('Please add some data to the csv before uploading');
  });

  it('geocodes and saves a 600-row file, marking each row, with the 30 km rule at its boundary', async () => {
    base = await geocoded(BASE);
    const { lat, lng } = base.geometry.location;
    const [inside, outside] = [northBy(lat, 29.9), northBy(lat, 30.1)];
    expect(distanceKm({ lat: inside, lng }, base.geometry.location)).toBeCloseTo(29.9, 9);
    expect(distanceKm({ lat: outside, lng }, base.geometry.location)).toBeCloseTo(30.1, 9);
    const good = (i: number) => [
      `KPU-${i}`,
      `Place ${i}`,
      `Plot ${i}, Industrial Area`,
      CITIES[i % CITIES.length],
      '',
      '',
      1 + (i % 5),
    ];
    const rows: (string | number)[][] = [
      ['KPU-0', 'Boundary inside', 'Plot 0', BASE, inside, lng, 2],
      ['KPU-1', 'Boundary outside', 'Plot 1', BASE, outside, lng, 2],
      ['KPU-2', 'Nowhere', 'Plot 2', 'Qxqzv Wvzzkq', '', '', 2],
      // The seeded Jamshedpur works' code; the label starts like a formula (exported with a leading quote).
      ['TSL-JSR-WORKS', '=1+2', 'Plot 3', BASE, '', '', 2],
      ['KPU-4', '', 'Plot 4', BASE, '', '', 2],
      ['KPU-5', 'By coordinates', 'Plot 5', '', lat, lng, ''],
      ['KPU-6', 'Bad latitude', 'Plot 6', BASE, 'north', lng, 2],
      ['KPU-7', 'Too wide', 'Plot 7', BASE, '', '', 75],
      ...Array.from({ length: 592 }, (_, k) => good(k + 8)),
    ];
    expect(rows).toHaveLength(600);

    await page.locator('input[type=file]').setInputFiles(xlsxFile(rows));
    await expect.poll(() => cell(0, 599).innerText(), { timeout: 30_000 }).toBe('KPU-599');
    // 600 rows and the one spare row, no more.
    expect(await cell(0, 600).innerText()).toBe('');
    expect(await cell(0, 601).count()).toBe(0);

    const sent: unknown[][] = [];
    page.on('request', (request) => {
      if (request.url().includes('/company_places/create')) sent.push(request.postDataJSON() as unknown[]);
    });
    await button('Submit').click();
    await page
      // Some rows are refused (the 30 km rule): a sheet saved in part says how much was and was not.
      .locator('.ant-message-notice', { hasText: /\d+ rows saved, \d+ not: the Status column says why/ })
      .first()
      .waitFor({ timeout: 180_000 });

    // Rows the geocoding step refused were never sent; the others went in chunks, with the spec's payload.
    expect(sent.flat()).toHaveLength(600 - 3);
    // The typed coordinates travel with the place id: the geofence is stored where the operator put it.
    const typed = { place_id: base.place_id, formatted_address: BASE, geometry: { location: { lat: inside, lng } } };
    expect(sent.flat()[0]).toEqual({
      google: typed,
      label: 'Boundary inside',
      address: 'Plot 0',
      cpCode: 'KPU-0',
      geofenceRadius: 2,
    });
    expect(await statusOf(0)).toBe('Success');
    expect(await colorOf(0)).toBe(GREEN);
    expect(await statusOf(1)).toBe('Error: Distance more than 30kms');
    expect(await colorOf(1)).toBe(RED);
    expect(await statusOf(2)).toBe('Address not found');
    expect(await statusOf(3)).toBe('A known place with this Code already exists');
    expect(await colorOf(3)).toBe(RED);
    expect(await statusOf(4)).toContain('Please enter an Display Address');
    expect(await statusOf(5)).toBe('Success');
    expect(await cell(3, 5).innerText()).not.toBe('');
    expect(await statusOf(6)).toBe('Please enter valid lat long');
    expect(await statusOf(7)).toBe('Number should be between 0.01 to 50');
    for (const y of [8, 300, 599]) expect(await statusOf(y)).toBe('Success');
    expect(await cell(PLACE_ID, 0).textContent()).toBe(base.place_id);

    const stored = (await placesOf({ c: '1001', t: 'CONSIGNOR' })).filter((p) => p.cpCode.startsWith('KPU-'));
    expect(stored).toHaveLength(594);
    expect(stored.find((p) => p.cpCode === 'KPU-0')).toMatchObject({
      label: 'Boundary inside',
      address: 'Plot 0',
      geofenceRadius: 2,
      google: typed,
    });
    expect(stored.find((p) => p.cpCode === 'KPU-9')).toMatchObject({
      geofenceRadius: 5,
      google: { place_id: (await geocoded(CITIES[3])).place_id },
    });
    expect(stored.some((p) => ['KPU-1', 'KPU-2', 'KPU-4', 'KPU-6', 'KPU-7'].includes(p.cpCode))).toBe(false);
    // 600 geocoder calls on a shared machine may outlast the suite's default minute.
  }, 240_000);

  it('keeps the sheet as a draft across a reload, then removes the saved rows', async () => {
    await button('Save Draft').click();
    await toast('Draft saved successfully');
    await page.reload();
    await expect.poll(() => cell(0, 599).innerText(), { timeout: 30_000 }).toBe('KPU-599');
    expect(await statusOf(1)).toBe('Error: Distance more than 30kms');
    expect(await statusOf(0)).toBe('Success');

    await button('Remove Success').click();
    await expect.poll(() => cell(0, 0).innerText()).toBe('KPU-1');
    expect(await Promise.all([0, 1, 2, 3, 4, 5].map((y) => cell(0, y).innerText()))).toEqual([
      'KPU-1',
      'KPU-2',
      'TSL-JSR-WORKS',
      'KPU-4',
      'KPU-6',
      'KPU-7',
    ]);
    expect(await cell(0, 6).innerText()).toBe('');
    expect(await button('Remove Success').count()).toBe(0);
  });

  it('exports the sheet as known-places.csv with formulas kept as text', async () => {
    const download = page.waitForEvent('download');
    await button('Download').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('known-places.csv');
    const lines = readFileSync((await file.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines[0]).toBe(HEADER.join(','));
    expect(lines.filter(Boolean)).toHaveLength(7);
    // A refused row (its code is taken) keeps its blank coordinates, so a corrected address is geocoded afresh; the
    // label is quoted so it is not run as a formula.
    expect(lines[3]).toBe(`TSL-JSR-WORKS,'=1+2,Plot 3,${JSON.stringify(BASE)},,,2`);
  });

  it('clears the sheet and its draft on Reset, and goes back to the list with the company kept', async () => {
    await page.locator('button:has-text("Reset"):not(:has-text("Filter"))').click();
    await answer(page, 'Yes');
    await expect.poll(() => cell(0, 0).innerText()).toBe('');
    expect(
      await page.evaluate((key) => localStorage.getItem(key), draftKey('/known-places/upload', '1001')),
    ).toBeNull();
    await page.reload();
    await cell(0, 0).waitFor();
    expect(await cell(0, 0).innerText()).toBe('');

    await button('Back').click();
    await page.waitForURL((url) => url.pathname === '/known-places' && url.searchParams.get('companyId') === '1001');
  });

  it("keeps a TRANSPORTER's places for the chosen consignor", async () => {
    const vrl = 'companyId=2001&companyName=VRL%20Logistics&companyType=TRANSPORTER';
    await page.goto(`${app.url}/known-places/upload?${vrl}`);
    await paste([['KPU-VRL-1', 'VRL Pune Gate', 'Plot 9', BASE, '', '', '3']]);
    await button('Submit').click();
    await toast('Please select a consignor to proceed');
    expect(await statusOf(0)).toBe('');

    await page.goto(`${app.url}/known-places/upload?${vrl}&consignorId=1001&consignorName=Tata%20Steel`);
    await paste([['KPU-VRL-1', 'VRL Pune Gate', 'Plot 9', BASE, '', '', '3']]);
    await button('Submit').click();
    await expect.poll(() => statusOf(0)).toBe('Success');
    const kept = await placesOf({ c: '2001', t: 'TRANSPORTER', partnerId: '1001' });
    expect(kept.find((p) => p.cpCode === 'KPU-VRL-1')).toMatchObject({ partnerId: '1001', geofenceRadius: 3 });
  });
});
