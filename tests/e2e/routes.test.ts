import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiAs, pickCompany, type RunningConsole, operatorSession, callPath } from './harness';
import { mainCalls } from '../../schemas/api';

const session = operatorSession();
let app: RunningConsole;
let page: Page;
let companyId: string;
beforeAll(async () => {
  ({ app, page } = session);
});

type Route = {
  id: string;
  label: string;
  code?: string;
  stt: number | null;
  origin: { address: string; google: { place_id: string } };
  updatedBy: string;
};

/**
 * A field of the route form by its exact label. Looked up in the form only: the list's sortable headers carry their
 * titles (Route Label, Route Code) as labels too.
 */
const field = (label: string) => page.locator('form').getByLabel(label, { exact: true });

/** Types into a place search and picks the first suggestion that contains `option`. */
async function pickPlace(label: string, text: string, option: string) {
  const input = field(label);
  await input.fill(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
  await page.waitForFunction(
    (id) => (document.getElementById(id) as HTMLInputElement | null)?.value.includes(','),
    (await input.getAttribute('id')) ?? '',
  );
}

describe('routes', () => {
  it("lists the company routes with the time stamp in the desk's zone, named, and an edit button", async () => {
    // The console opens on /configuration-list (spec 000 section 2.1): the routes are a menu item away.
    await page.goto(`${app.url}/routes`);
    await page.getByText('Select a company to continue').waitFor();
    await pickCompany(page, 'Tata', 'Tata Steel Limited (CONSIGNOR)');
    await page.waitForURL(/companyId=/);
    companyId = new URL(page.url()).searchParams.get('companyId')!;
    await page.getByRole('columnheader', { name: 'Time Stamp' }).waitFor();
    const first = page.locator('.ant-table-tbody tr.ant-table-row').first();
    await first.waitFor();
    // Times read DD/MM/YYYY HH:mm in India time, the zone named, until the desk picks another zone in the header.
    const stamp = /(\d\d)\/(\d\d)\/(\d{4}) (\d\d):(\d\d) (IST|UTC)/;
    const shown = async () => {
      const [, day, month, year, hour, minute, zone] = stamp.exec((await first.textContent()) ?? '') ?? [];
      expect(zone, 'a time with its zone').toBeDefined();
      return { at: Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute)), zone };
    };
    const inIndia = await shown();
    expect(inIndia.zone).toBe('IST');
    const pickZone = async (now: string, option: string) => {
      await page.getByRole('button', { name: `Time zone ${now}` }).click();
      await page.getByRole('combobox', { name: 'Time zone' }).fill(option.split(' ')[0]);
      await page.getByTitle(option, { exact: true }).click();
    };
    await pickZone('IST', 'UTC (UTC)');
    await first.filter({ hasText: / UTC/ }).waitFor();
    const inUtc = await shown();
    expect(inIndia.at - inUtc.at).toBe(330 * 60_000);
    // The desk's pick stays across a reload; picking India's zone again goes back to it.
    await page.reload();
    await first.filter({ hasText: / UTC/ }).waitFor();
    await pickZone('UTC', 'Asia/Kolkata (IST)');
    await first.filter({ hasText: / IST/ }).waitFor();
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('desk:')))).toEqual([]);
  });

  it('sorts by Route Label on the server, both ways', async () => {
    const routes = await apiAs<Route[]>(
      page,
      app.url,
      callPath(mainCalls.routes, { c: companyId, t: 'CONSIGNOR', sort: 'label', order: 'asc', size: 100 }),
    );
    const labels = routes.map((r) => r.label);
    const header = page.getByRole('columnheader', { name: 'Route Label' });
    const firstRow = () => page.locator('.ant-table-tbody tr.ant-table-row').first().textContent();
    await header.click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(firstRow).toContain(labels[0]);
    await header.click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(firstRow).toContain(labels.at(-1));
    // Back to the list's own order (newest first) for the tests after this one.
    await header.click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBeNull();
  });

  it('the form shows each rule of the spec and saves STT in minutes', async () => {
    await page.getByRole('button', { name: 'Add Route' }).click();
    await page.waitForURL('**/routes/add?*');
    await field('Route Label').waitFor();
    await page.getByRole('button', { name: 'Add Route' }).click();
    await page.getByText('Please enter route label').waitFor();
    await page.getByText('Please enter loading point').waitFor();
    await page.getByText('Please enter unloading point').waitFor();

    await field('Route Label').fill('   ');
    await field('STT (hours)').fill('0');
    await page.getByRole('button', { name: 'Add Route' }).click();
    await page.getByText('Blank spaces not allowed').waitFor();
    await page.getByText('Please enter a number greater than 0').waitFor();

    await field('Route Label').fill('Pune - Nhava Sheva');
    await field('Route Code').fill('TSL-PNQ-NSA');
    await field('STT (hours)').fill('7.5');
    await pickPlace('Loading Point', 'Hinjawadi', 'Hinjawadi');
    await pickPlace('Unloading Point', '400707', '400707');
    await field('Unloading Point Geofence Radius (km)').fill('51');
    await page.getByRole('button', { name: 'Add Route' }).click();
    await page.getByText('Number should be between 0.01 to 50').waitFor();
    await field('Unloading Point Geofence Radius (km)').fill('3');
    await page.getByRole('button', { name: 'Add Route' }).click();
    await page.getByText('Routes added successfully !').waitFor();
    await page.waitForURL((url) => url.pathname === '/routes');

    const routes = await apiAs<Route[]>(page, app.url, callPath(mainCalls.routes, { c: companyId, t: 'CONSIGNOR' }));
    const saved = routes.find((r) => r.label === 'Pune - Nhava Sheva')!;
    expect(saved.stt).toBe(450);
    expect(saved.code).toBe('TSL-PNQ-NSA');
    expect(saved.origin.address).toContain('Pune');
    expect(saved.updatedBy).toBe('ops@demo.local');
  });

  it('edits a route on its page and in the quick edit modal', async () => {
    const row = page.locator('.ant-table-tbody tr', { hasText: 'Pune - Nhava Sheva' });
    await row.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(/\/routes\/[^/]+\/edit/);
    await page.getByText('Update Route').first().waitFor();
    await expect.poll(() => field('STT (hours)').inputValue()).toBe('7.5');
    expect(await page.getByLabel('Company', { exact: true }).isDisabled()).toBe(true);
    await field('Route Label').fill('Pune - JNPT');
    await page.getByRole('button', { name: 'Update Route' }).click();
    await page.getByText('Routes updated successfully !').waitFor();
    await page.waitForURL((url) => url.pathname === '/routes');

    await page
      .locator('.ant-table-tbody tr', { hasText: 'Pune - JNPT' })
      .getByRole('button', { name: 'Quick edit' })
      .click();
    const modal = page.locator('.ant-modal:visible');
    await modal.getByLabel('STT (hours)').fill('-2');
    await modal.getByRole('button', { name: 'Update' }).click();
    await modal.getByText('Please enter a number greater than 0').waitFor();
    await modal.getByLabel('STT (hours)').fill('9');
    // Another route's code (any case) is refused under Route Code, and nothing changes.
    await modal.getByLabel('Route Code').fill('tsl-jsr-ccu');
    await modal.getByRole('button', { name: 'Update' }).click();
    await modal
      .locator('.ant-form-item', { has: page.getByLabel('Route Code') })
      .getByText('A route with this code already exists')
      .waitFor();
    await modal.getByLabel('Route Code').fill('TSL-PNQ-NSA');
    await expect.poll(() => modal.getByText('A route with this code already exists').count()).toBe(0);
    await modal.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Route updated successfully !').waitFor();
    const routes = await apiAs<Route[]>(page, app.url, callPath(mainCalls.routes, { c: companyId, t: 'CONSIGNOR' }));
    expect(routes.find((r) => r.label === 'Pune - JNPT')?.stt).toBe(540);
  });

  it("a route's edit page and its quick edit dialog link to its waypoints, in the same company", async () => {
    const row = page.locator('.ant-table-tbody tr', { hasText: 'Pune - JNPT' });
    const id = (await apiAs<Route[]>(page, app.url, callPath(mainCalls.routes, { c: companyId, t: 'CONSIGNOR' }))).find(
      (r) => r.label === 'Pune - JNPT',
    )!.id;
    const onWaypoints = (url: URL) =>
      url.pathname === '/way-point' &&
      url.searchParams.get('routeId') === id &&
      url.searchParams.get('companyId') === companyId;

    await row.getByRole('button', { name: 'Quick edit' }).click();
    const modal = page.locator('.ant-modal:visible');
    await modal.getByLabel('Route Label').waitFor();
    await modal.getByRole('link', { name: 'Waypoints' }).click();
    await page.waitForURL(onWaypoints);
    // The editor opens on that route.
    await page
      .locator('.ant-select', { has: page.getByLabel('Route', { exact: true }) })
      .locator('[title^="Pune - JNPT"]')
      .waitFor();

    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/routes');
    await row.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(/\/routes\/[^/]+\/edit/);
    // The form's link, not the menu's entry of the same name.
    await page.getByRole('main').getByRole('link', { name: 'Waypoints' }).click();
    await page.waitForURL(onWaypoints);
    await page.locator('.ant-menu').getByRole('link', { name: 'Routes', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/routes');
  });

  it('a company without routes shows the empty text', async () => {
    await pickCompany(page, 'Gati', 'Gati Limited (TRANSPORTER)');
    await page.getByText('No routes found for the given selection').waitFor();
  });
});
