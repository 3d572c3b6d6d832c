import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import * as XLSX from '@e965/xlsx';
import { answer, apiAs, callPath, operatorSession, type RunningConsole } from './harness';
import { mainCalls, mapCalls, routeMasterCalls } from '../../schemas/api';
import { EARTH_RADIUS_KM, distanceKm } from '../../schemas/haversine';
import { ROUTE_SHEET_COLUMNS } from '../../screens/routes-upload';
import { ROUTE_MASTER_SHEET_COLUMNS } from '../../screens/route-master-upload';

const session = operatorSession();
let app: RunningConsole;
let page: Page;
beforeAll(async () => {
  ({ app, page } = session);
});

const TATA = 'companyId=1001&companyName=Tata%20Steel%20Limited&companyType=CONSIGNOR';
const visible = (columns: readonly { key: string; hidden?: boolean }[]) =>
  columns.filter((c) => !c.hidden).map((c) => c.key);
const ROUTE_HEADER = visible(ROUTE_SHEET_COLUMNS);
const RM_HEADER = visible(ROUTE_MASTER_SHEET_COLUMNS);

const cell = (x: number, y: number) => page.locator(`[data-testid=sheet] td[data-x="${x}"][data-y="${y}"]`);
const toast = (text: string | RegExp) => page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
const resetSheet = async () => {
  await page.locator('button:has-text("Reset"):not(:has-text("Filter"))').click();
  await answer(page, 'Yes');
};

type Cell = string | number;
/** An xlsx workbook as an operator saves one: the header row, then rows given as {column: value} (numbers stay numbers). */
function xlsx(name: string, header: string[], rows: Record<string, Cell>[]) {
  const sheet = XLSX.utils.aoa_to_sheet([header, ...rows.map((row) => header.map((key) => row[key] ?? ''))]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Sheet1');
  const buffer = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  return { name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer };
}
const importFile = (file: ReturnType<typeof xlsx>) => page.locator('input[type=file]').setInputFiles(file);

type Place = { place_id: string; formatted_address: string; geometry: { location: { lat: number; lng: number } } };
/** What the platform's geocoder answers for an address (the sheet geocodes through the same call). */
const geocoded = async (address: string) =>
  (await apiAs<Place[]>(page, app.url, callPath(mapCalls.geocode, { address })))[0];

/** The point `km` north of `from` along its meridian: along a meridian the haversine distance is R × Δφ exactly. */
const north = (from: { lat: number; lng: number }, km: number) => ({
  lat: from.lat + (km / EARTH_RADIUS_KM) * (180 / Math.PI),
  lng: from.lng,
});

type StoredPlace = {
  label: string;
  address: string;
  cpCode: string;
  geofenceRadius: number;
  google: { place_id: string; geometry?: { location: { lat: number; lng: number } } };
};
type StoredRoute = {
  id: string;
  label: string;
  code: string;
  stt: number | null;
  origin: StoredPlace;
  destination: StoredPlace;
};
const routesNamed = (q: string) =>
  apiAs<StoredRoute[]>(page, app.url, callPath(mainCalls.routes, { c: '1001', t: 'CONSIGNOR', q, size: 100 }));

describe('bulk route upload', () => {
  let status: number;
  beforeAll(() => {
    status = ROUTE_SHEET_COLUMNS.length;
  });

  it('asks for a company before saving', async () => {
    await page.goto(`${app.url}/routes/upload`);
    await page.getByText('Bulk Route Upload').waitFor();
    await cell(0, 0).dblclick();
    await page.keyboard.type('No company');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Submit' }).click();
    await toast('Please select a company before saving');
  });

  it('is reached from /routes by its Upload button, and offers the format with how to fill it', async () => {
    await page.goto(`${app.url}/routes?${TATA}`);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/routes/upload' && url.searchParams.get('companyId') === '1001');
    await cell(0, 0).waitFor();
    expect(await page.locator('[data-testid=sheet] thead td[data-x]:visible').allInnerTexts()).toEqual([
      ...ROUTE_HEADER,
      'Status',
    ]);
    const download = page.waitForEvent('download');
    await page.getByText('Please Refer Format').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('route-upload-format.xlsx');
    const book = XLSX.read(readFileSync((await file.path())!));
    expect(XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1 })[0]).toEqual(ROUTE_HEADER);
    expect(JSON.stringify(XLSX.utils.sheet_to_json(book.Sheets['How to fill'], { header: 1 }))).toContain(
      'address @ lat,lng',
    );
  });

  it('refuses an empty sheet and a file holding only the header', async () => {
    await resetSheet();
    await page.getByRole('button', { name: 'Submit' }).click();
    await toast('No data to upload, upload a file or paste some data');
    await importFile(xlsx('routes.xlsx', ROUTE_HEADER, []));
    await toast('Please add some data to the csv before uploading');
  });

  it('geocodes each place with the 30 km rule, stores the good rows with their waypoints, and marks each row', async () => {
    const nagpur = await geocoded('Nagpur, Maharashtra');
    const [lonavala, khopoli] = [await geocoded('Lonavala, Maharashtra'), await geocoded('Khopoli, Maharashtra')];
    const [inside, outside] = [north(nagpur.geometry.location, 29.9), north(nagpur.geometry.location, 30.1)];
    expect(distanceKm(nagpur.geometry.location, inside)).toBeCloseTo(29.9, 9);
    expect(distanceKm(nagpur.geometry.location, outside)).toBeCloseTo(30.1, 9);
    const ends = { 'Loading Address': 'Pune, Maharashtra', 'Unloading Address': 'Mumbai, Maharashtra' };
    const k = khopoli.geometry.location;
    await importFile(
      xlsx('routes.xlsx', ROUTE_HEADER, [
        {
          'Route Label': 'E2E Pune - Mumbai',
          'Route Code': 'E2E-PUN-BOM',
          'STT (hours)': 6.5,
          ...ends,
          'Loading Label': 'Pune Plant',
          'Loading Code': 'PUN-01',
          'Loading Radius (km)': 3,
          Waypoints: `Lonavala, Maharashtra | ${k.lat},${k.lng} | Khopoli, Maharashtra @ ${k.lat},${k.lng}`,
        },
        {
          'Route Label': 'E2E Nagpur 29.9',
          ...ends,
          'Loading Address': 'Nagpur, Maharashtra',
          'Loading Latitude': inside.lat,
          'Loading Longitude': inside.lng,
        },
        {
          'Route Label': 'E2E Nagpur 30.1',
          ...ends,
          'Loading Address': 'Nagpur, Maharashtra',
          'Loading Latitude': outside.lat,
          'Loading Longitude': outside.lng,
        },
        { 'Route Label': 'E2E no loading point', 'Unloading Address': 'Mumbai, Maharashtra' },
        {
          'Route Label': 'E2E bad coordinates',
          ...ends,
          'Loading Address': '',
          'Loading Latitude': 'north',
          'Loading Longitude': 73.8,
        },
        { 'Route Label': 'E2E blank waypoint', ...ends, Waypoints: 'Lonavala, Maharashtra || Khopoli, Maharashtra' },
        { 'Route Label': 'E2E bad STT', 'STT (hours)': 'six', ...ends },
        { 'Route Label': '   ', 'Route Code': 'E2E-NO-LABEL', ...ends },
        {
          'Route Label': 'E2E far waypoint',
          ...ends,
          Waypoints: `Lonavala, Maharashtra @ ${inside.lat},${inside.lng}`,
        },
        {
          'Route Label': 'E2E by coordinates',
          'Loading Latitude': lonavala.geometry.location.lat,
          'Loading Longitude': lonavala.geometry.location.lng,
          'Unloading Address': 'Mumbai, Maharashtra',
        },
      ]),
    );
    await expect.poll(() => cell(0, 9).innerText()).toBe('E2E by coordinates');
    await page.getByRole('button', { name: 'Submit' }).click();
    await toast(/rows? saved, \d+ not: the Status column says why/);
    const statuses = await Promise.all(Array.from({ length: 10 }, (_, y) => cell(status, y).innerText()));
    expect(statuses).toEqual([
      'Success',
      'Success',
      'Error: Distance more than 30kms',
      'Please enter either lat,long or address',
      'Please enter valid lat long',
      'Please enter either lat,long or address',
      'Please enter valid number',
      'Please enter route label',
      'Error: Distance more than 30kms',
      'Success',
    ]);
    expect(await cell(status, 0).evaluate((td) => getComputedStyle(td).color)).toBe('rgb(35, 120, 4)');
    expect(await cell(status, 2).evaluate((td) => getComputedStyle(td).color)).toBe('rgb(207, 19, 34)');
    // A point given by coordinates alone gets the geocoder's address in its blank cell.
    expect(await cell(ROUTE_HEADER.indexOf('Loading Address'), 9).innerText()).toContain('Lonavala');

    const stored = await routesNamed('E2E');
    expect(stored.map((r) => r.label).sort()).toEqual(['E2E Nagpur 29.9', 'E2E Pune - Mumbai', 'E2E by coordinates']);
    const pune = stored.find((r) => r.label === 'E2E Pune - Mumbai')!;
    const [punePlace, mumbai] = [await geocoded('Pune, Maharashtra'), await geocoded('Mumbai, Maharashtra')];
    expect(pune).toMatchObject({ code: 'E2E-PUN-BOM', stt: 390 });
    expect(pune.origin).toMatchObject({
      label: 'Pune Plant',
      cpCode: 'PUN-01',
      geofenceRadius: 3,
      address: 'Pune, Maharashtra',
      google: { place_id: punePlace.place_id },
    });
    expect(pune.destination).toMatchObject({
      label: 'Mumbai, Maharashtra',
      geofenceRadius: 2,
      google: { place_id: mumbai.place_id },
    });
    const waypoints = await apiAs<
      { sequence: number; google: { place_id: string; geometry: { location: { lat: number } } } }[]
    >(page, app.url, callPath(mainCalls.waypoints, { c: '1001', t: 'CONSIGNOR', routeId: pune.id }));
    expect(waypoints.map((w) => w.sequence)).toEqual([1, 2, 3]);
    expect(waypoints[0].google.place_id).toBe(lonavala.place_id);
    expect(waypoints[2].google.place_id).toBe(khopoli.place_id);
    const near = stored.find((r) => r.label === 'E2E Nagpur 29.9')!;
    expect(near.origin.google.place_id).toBe(nagpur.place_id);
    expect(near.origin.google.geometry?.location.lat).toBeCloseTo(inside.lat, 9);
    expect(near.stt).toBeNull();
  });

  it('removes the saved rows, and keeps a draft across a reload until Reset', async () => {
    await page.getByRole('button', { name: 'Remove Success' }).click();
    await expect.poll(() => cell(0, 0).innerText()).toBe('E2E Nagpur 30.1');
    expect(await cell(0, 6).innerText()).toBe('E2E far waypoint');
    expect(await cell(0, 7).innerText()).toBe('');
    expect(await page.getByRole('button', { name: 'Remove Success' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await toast('Draft saved successfully');
    await page.reload();
    await expect.poll(() => cell(0, 6).innerText()).toBe('E2E far waypoint');
    await resetSheet();
    await page.reload();
    await cell(0, 0).waitFor();
    expect(await cell(0, 0).innerText()).toBe('');
  });
});

type Entry = {
  id: string;
  routeId: string;
  partnerId: string;
  vehicleId: string;
  materialId: string;
  validFrom: number;
  loadType: string;
  data: { key: string; value: number; unit: string }[];
};
const entries = () =>
  apiAs<Entry[]>(page, app.url, callPath(routeMasterCalls.list, { c: '1001', t: 'CONSIGNOR', pt: 'TRANSPORTER' }));

describe('route master upload', () => {
  const status = ROUTE_MASTER_SHEET_COLUMNS.length;
  const good = {
    Route: 'jamshedpur - kolkata',
    Transporter: 'VRL LOGISTICS LIMITED',
    'Vehicle Type': 'open 22 ft 15 mt',
    'Material Type': 'Steel Coils',
    'Valid From': '01/04/2026',
  };

  it('is reached from /route-master by its Upload button', async () => {
    await page.goto(`${app.url}/route-master?${TATA}`);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.waitForURL(
      (url) => url.pathname === '/route-master/upload' && url.searchParams.get('companyId') === '1001',
    );
    await cell(0, 0).waitFor();
    expect(await page.locator('[data-testid=sheet] thead td[data-x]:visible').allInnerTexts()).toEqual([
      ...RM_HEADER,
      'Status',
    ]);
  });

  it('matches names in any case, reads numbers with commas and DD/MM/YYYY, and marks each row', async () => {
    const before = (await entries()).length;
    await importFile(
      xlsx('route-master.xlsx', RM_HEADER, [
        {
          ...good,
          'Freight Cost': '38,500',
          'Loading Fee': '1,200',
          'Unloading Detention Charges': 2500,
          'STT (hours)': 12.5,
        },
        { ...good, Route: 'Nowhere - Somewhere', 'Freight Cost': 100 },
        { ...good, Route: 'TSL-JSR-HAL', Transporter: 'Gati Limited', 'Freight Cost': 100 },
        { ...good, Route: 'x', Transporter: 'y', 'Vehicle Type': 'z', 'Material Type': 'w', 'Freight Cost': 100 },
        { ...good, 'Freight Cost': '' },
        { ...good, 'Freight Cost': 500, 'Loading Fee': '0' },
        { ...good, 'Freight Cost': 500, 'Valid From': '31/02/2026' },
        { ...good, 'Vehicle Type': 'Spaceship', 'Freight Cost': 500 },
        { ...good, 'Material Type': 'Gold', 'Freight Cost': 500 },
        { ...good, Route: 'TSL-JSR-HAL', Transporter: 'tci freight', 'Freight Cost': '1,450.50' },
      ]),
    );
    await expect.poll(() => cell(4, 9).innerText()).toBe('1,450.50');
    await page.getByRole('button', { name: 'Submit' }).click();
    await toast(/rows? saved, \d+ not: the Status column says why/);
    const statuses = await Promise.all(Array.from({ length: 10 }, (_, y) => cell(status, y).innerText()));
    expect(statuses).toEqual([
      'Success',
      'Please enter valid route',
      'Please enter valid transport',
      'Please enter valid route,transport,vehicle and material',
      'Please enter valid number',
      'Please enter valid number',
      'Please enter a valid date as DD/MM/YYYY',
      'Please enter valid vehicle',
      'Please enter valid material',
      'Success',
    ]);
    // The typed cells stay as typed (the date, the hours, the commas); the ids went into hidden columns.
    expect(await cell(RM_HEADER.indexOf('STT (hours)'), 0).innerText()).toBe('12.5');
    const after = await entries();
    expect(after.length).toBe(before + 2);
    // The day typed is its midnight in the desk's zone (India's by default), whatever the browser's own zone.
    const midnight = Date.UTC(2026, 3, 1) - 330 * 60_000;
    const first = after.find((e) => e.data.some((d) => d.key === 'ROUTE_COST' && d.value === 38500))!;
    expect(first).toMatchObject({
      routeId: 'rt_tsl_jsr_ccu',
      partnerId: '2001',
      vehicleId: 'veh_tsl_open22',
      materialId: 'mat_tsl_coils',
      validFrom: midnight,
      loadType: 'FTL',
    });
    expect(first.data).toEqual([
      { key: 'ROUTE_COST', value: 38500, unit: 'FIXED' },
      { key: 'LOADING_FEE', value: 1200, unit: 'FIXED' },
      { key: 'UNLOADING_DETENTION_COST', value: 2500, unit: 'DAY' },
      { key: 'STANDARD_TRANSIT_TIME', value: 750, unit: 'FIXED' },
    ]);
    expect(after.find((e) => e.data.some((d) => d.value === 1450.5))).toMatchObject({
      routeId: 'rt_tsl_jsr_hal',
      partnerId: '2002',
    });
  });

  it('uploads a 550-row file in a few bulk calls, every row saved', async () => {
    await resetSheet();
    const before = (await entries()).length;
    // A different date a row (one rate a route, transporter, vehicle, material and date: migration 150), 28 days a month.
    const date = (i: number) =>
      `${(i % 28) + 1}/${String((Math.floor(i / 28) % 12) + 1).padStart(2, '0')}/${2027 + Math.floor(i / 336)}`;
    const rows = Array.from({ length: 550 }, (_, i) => ({
      ...good,
      'Freight Cost': `${10 + i},000`,
      'Valid From': date(i),
    }));
    await importFile(xlsx('route-master-550.xlsx', RM_HEADER, rows));
    await expect.poll(() => cell(0, 549).innerText()).toBe(good.Route);
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/company_routes_master/bulk_create')) calls.push(request.url());
    });
    await page.getByRole('button', { name: 'Submit' }).click();
    await toast('Route master added successfully');
    await expect.poll(() => cell(status, 549).innerText()).toBe('Success');
    expect(await cell(status, 0).innerText()).toBe('Success');
    expect(calls.length).toBeGreaterThanOrEqual(1);
    expect(calls.length).toBeLessThanOrEqual(3);
    const after = await entries();
    expect(after.length).toBe(before + 550);
    expect(
      new Set(
        after.flatMap((e) =>
          e.data
            .filter((d) => d.key === 'ROUTE_COST' && d.value % 1000 === 0 && d.value >= 10000 && d.value <= 559000)
            .map((d) => d.value),
        ),
      ).size,
    ).toBe(550);
    await page.getByRole('button', { name: 'Remove Success' }).click();
    await expect.poll(() => cell(0, 0).innerText()).toBe('');
  });
});
