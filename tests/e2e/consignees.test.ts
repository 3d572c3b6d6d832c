import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { partlySaved } from '../../engine/sheet/sheetText';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  answer,
  apiAs,
  callPath,
  choose,
  login,
  pickCompany,
  saveScreen,
  startConsole,
  type RunningConsole,
} from './harness';
import { companyCalls, mapCalls } from '../../schemas/api';
import type { Consignee } from '../../schemas/consignee';
import { EARTH_RADIUS_KM } from '../../schemas/haversine';

/**
 * Consignees (spec 002 section 2.2): the list, the form with its messages, the read-only place on edit, delete, and
 * the bulk sheet with the 30 km rule at its edge and Remove Success. One console, one login, few page loads.
 */
let app: RunningConsole;
let page: Page;
// One console and one login; the list is opened by its path, whatever page a login lands on.
beforeAll(async () => {
  app = await startConsole();
  page = await app.browser.newPage();
  await login(page, app.url, 'ops@demo.local');
  await page.getByRole('menuitem', { name: 'Consignees' }).waitFor();
});
afterAll(() => app?.stop());

const field = (label: string) => page.locator('form').getByLabel(label, { exact: true });
const rows = () => page.locator('.ant-table-tbody tr.ant-table-row');
const submit = (name: string) => page.locator('form').getByRole('button', { name });
const toast = (text: string) => page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
// A sheet button's name is its icon's label, then its text.
const button = (name: string) => page.getByRole('button', { name: new RegExp(`(^|\\s)${name}$`) });
const cell = (x: number, y: number) => page.locator(`[data-testid=sheet] td[data-x="${x}"][data-y="${y}"]`);
/** The sheet's status cell: after the 13 columns (the hidden geocoding status at x = 10). */
const STATUS = 13;
const statusOf = (y: number) => cell(STATUS, y).innerText();

const REQUIRED = [
  'Please enter consignee code',
  'Please enter consignee name',
  'Please select type',
  'Please enter your email id',
  'Please enter address',
  'Enter latitude',
  'Enter longitude',
  'Please enter an Display Address',
  'Please enter a code',
  'Please enter an address',
];
const CODE = 'CEE-E2E-HALDIA';
const consigneesOf = (query: Record<string, string>) =>
  apiAs<Consignee[]>(page, app.url, callPath(companyCalls.partners, { pt: 'CONSIGNEE', ...query }));
let id = '';

describe('consignees', () => {
  it('lists the company’s consignees with the spec’s columns and buttons', async () => {
    await page.goto(`${app.url}/consignees`);
    await page.getByText('Select a company to continue').waitFor();
    await pickCompany(page, 'Tata', 'Tata Steel Limited (CONSIGNOR)');
    await page.getByText('Haldia Coil Warehouse', { exact: true }).waitFor();
    const headers = await page.locator('.ant-table-thead th').allTextContents();
    expect(headers.map((h) => h.trim()).filter(Boolean)).toEqual([
      'Consignee code',
      'Consignee name',
      'Phone no.',
      'Email id',
      'Display address',
      'Updated By',
      'Actions',
    ]);
    await page.getByRole('button', { name: 'Upload' }).waitFor();
    await saveScreen(page, 'consignees-list');
  });

  it('names every required field, refuses blanks and a bad mobile number, then adds a consignee', async () => {
    await page.getByRole('button', { name: 'Add consignee' }).click();
    await page.waitForURL('**/consignees/add?*');
    await page.getByText('Add a new consignee').first().waitFor();
    await submit('Add consignee').click();
    for (const text of REQUIRED) await page.getByText(text, { exact: true }).first().waitFor();

    await field('Consignee Code').fill('   ');
    // Typed, as an operator does (an e-mail input would strip the spaces and read as empty).
    await field('Email Id').click();
    await page.keyboard.type('   ');
    await field('Phone No.').fill('5123456789');
    // Spec 002 section 5: code, name, type and email may not be blank.
    const errorOf = (label: string) =>
      page
        .locator('form .ant-form-item:not(:has(.ant-form-item))')
        .filter({ has: page.getByLabel(label, { exact: true }) })
        .locator('.ant-form-item-explain-error')
        .first();
    await expect.poll(() => errorOf('Email Id').textContent()).toContain('Blank spaces not allowed');
    await expect.poll(() => errorOf('Consignee Code').textContent()).toBe('Blank spaces not allowed');
    await page.getByText('Please enter valid mobile number', { exact: true }).waitFor();

    await field('Latitude').fill('22.066639');
    await field('Longitude').fill('88.114494');
    await expect.poll(() => field('Google Address').inputValue()).toContain('Haldia');
    const map = page.getByTestId('point-map');
    await map.waitFor();
    expect(await map.evaluate((element) => (element as HTMLElement).clientHeight)).toBe(400);
    await field('Consignee Code').fill(CODE);
    await field('Consignee Name').fill('Haldia Port Customer');
    await choose(page, 'Type', 'WAREHOUSE');
    await field('Phone No.').fill('9830012345');
    await field('Email Id').fill('port.customer@example.in');
    await field('Display Address').fill('Haldia Port Gate 3');
    await field('Address Code').fill('CEE-E2E-HALDIA-G3');
    await field('Address').fill('Dock Road, Haldia');
    expect(await page.getByText('Please enter valid mobile number', { exact: true }).count()).toBe(0);
    await saveScreen(page, 'consignees-form-filled');
    await submit('Add consignee').click();
    await toast('Consignee added successfully !');
    await page.waitForURL((url) => url.pathname === '/consignees' && url.searchParams.has('companyId'));
    const stored = (await consigneesOf({ c: '1001', t: 'CONSIGNOR' })).find((c) => c.code === CODE);
    expect(stored).toMatchObject({
      name: 'Haldia Port Customer',
      type: 'WAREHOUSE',
      phone: '9830012345',
      place: { label: 'Haldia Port Gate 3', google: { geometry: { location: { lat: 22.066639 } } } },
    });
    id = stored!.id;
  });

  it('edits it with the Google address and coordinates read-only, and returns to the list', async () => {
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(CODE);
    await expect.poll(() => rows().count()).toBe(1);
    await rows().first().getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(`**/consignees/${id}/edit?*`);
    await page.getByText('Update consignee').first().waitFor();
    await expect.poll(() => field('Consignee Name').inputValue()).toBe('Haldia Port Customer');
    for (const label of ['Google Address', 'Latitude', 'Longitude']) expect(await field(label).isDisabled()).toBe(true);
    expect(await page.getByText('The field cannot be edited', { exact: true }).count()).toBe(3);
    await page.getByTestId('point-map').waitFor();
    await field('Consignee Name').fill('Haldia Port Customer Ltd');
    await submit('Update consignee').click();
    await toast('Consignee updated successfully !');
    await page.waitForURL((url) => url.pathname === '/consignees');
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(CODE);
    await rows().first().getByText('Haldia Port Customer Ltd').waitFor();
  });

  it('deletes it after the confirmation', async () => {
    await rows().first().getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Are you sure to delete this consignee ?').waitFor();
    await answer(page, 'Yes');
    await toast(`Consignee ${id} deleted successfully`);
    await expect.poll(() => rows().count()).toBe(0);
  });

  it('uploads a small file: the 30 km pair splits at its edge, Remove Success keeps the refused rows, Download gives consignees.csv', async () => {
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('');
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.waitForURL('**/consignees/upload?*');
    await cell(0, 0).waitFor();
    await button('Submit').click();
    await toast('No data to upload, upload a file or paste some data');

    const [base] = await apiAs<{ place_id: string; geometry: { location: { lat: number; lng: number } } }[]>(
      page,
      app.url,
      callPath(mapCalls.geocode, { address: 'Pune, Maharashtra' }),
    );
    const { lat, lng } = base.geometry.location;
    const north = (km: number) => lat + (km / EARTH_RADIUS_KM) * (180 / Math.PI);
    const header =
      'Code,Name,Type,Contact Number,Email,Address Label,Address,Google Address,Latitude,Longitude,Address Code,Geofence Radius';
    const csv = [
      header,
      `CEE-UP-1,Inside Pune,CUSTOMER,9876543210,in@example.in,Gate 1,Plot 1,"Pune, Maharashtra",${north(29.9)},${lng},CEE-UP-1-G,2`,
      `CEE-UP-2,Outside Pune,DC,9876543211,out@example.in,Gate 2,Plot 2,"Pune, Maharashtra",${north(30.1)},${lng},CEE-UP-2-G,2`,
      'CEE-UP-3,Bad Phone,OEM,12345,bad@example.in,Gate 3,Plot 3,"Pune, Maharashtra",,,CEE-UP-3-G,',
      'CEE-UP-4,Plain Pune,RDC,,plain@example.in,Gate 4,Plot 4,"Pune, Maharashtra",,,CEE-UP-4-G,3',
    ].join('\n');
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'consignees.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect.poll(() => cell(0, 3).innerText()).toBe('CEE-UP-4');
    await button('Submit').click();
    // Two of four rows saved: the toast says so (the spec's success text is for a sheet saved whole).
    await toast(partlySaved(2, 2));
    await expect.poll(() => statusOf(0)).toBe('Success');
    expect(await statusOf(1)).toBe('Error: Distance more than 30kms');
    expect(await statusOf(2)).toBe('Please enter valid mobile number');
    expect(await statusOf(3)).toBe('Success');
    const stored = (await consigneesOf({ c: '1001', t: 'CONSIGNOR' })).filter((c) => c.code.startsWith('CEE-UP-'));
    expect(stored.map((c) => c.code).sort()).toEqual(['CEE-UP-1', 'CEE-UP-4']);
    expect(stored.find((c) => c.code === 'CEE-UP-4')).toMatchObject({
      type: 'RDC',
      phone: '',
      place: { geofenceRadius: 3, google: { place_id: base.place_id } },
    });

    await button('Remove Success').click();
    await expect.poll(() => cell(0, 0).innerText()).toBe('CEE-UP-2');
    expect(await cell(0, 1).innerText()).toBe('CEE-UP-3');
    expect(await cell(0, 2).innerText()).toBe('');
    expect(await button('Remove Success').count()).toBe(0);

    const download = page.waitForEvent('download');
    await button('Download').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('consignees.csv');
    // saveAs works with a local browser and a shared remote one alike.
    const saved = join(mkdtempSync(join(tmpdir(), 'cons-')), 'consignees.csv');
    await file.saveAs(saved);
    const lines = readFileSync(saved, 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines[0]).toBe(header);
    expect(lines).toHaveLength(3);
  });
});
