import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { answer, axeViolations, choose, pickCompany, saveScreen, operatorSession } from './harness';

const session = operatorSession();
let page: Page;
beforeAll(async () => {
  ({ page } = session);
});

/** A field of the known place form by its exact label (the list's headers carry some of the same words). */
const field = (label: string) => page.locator('form').getByLabel(label, { exact: true });
const rows = () => page.locator('.ant-table-tbody tr.ant-table-row');
/** The serious and critical axe-core violations on the page (WCAG 2.1 A/AA), one line each. */
const serious = async () =>
  (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} at ${v.targets.join(' | ')}`);
const REQUIRED = [
  'Please enter address',
  'Enter latitude',
  'Enter longitude',
  'Please enter an Display Address',
  'Please enter a code',
  'Please enter an address',
];
const CODE = 'TSL-PNQ-HJW';
let cpId = '';

describe('known places', () => {
  it('asks for a company first, then lists its places with the spec’s columns', async () => {
    await page.getByRole('menuitem', { name: 'Known Places' }).click();
    await page.waitForURL('**/known-places*');
    await page.getByText('Select a company to continue').waitFor();
    await pickCompany(page, 'Tata', 'Tata Steel Limited (CONSIGNOR)');
    await page.getByText('Haldia Dock Complex').waitFor();
    const headers = await page.locator('.ant-table-thead th').allTextContents();
    expect(headers.map((h) => h.trim()).filter(Boolean)).toEqual([
      'Id',
      'Address label',
      'Address',
      'Updated By',
      'Actions',
    ]);
    await page.getByRole('button', { name: 'Upload' }).waitFor();
    await saveScreen(page, 'known-places-list');
    expect(await serious()).toEqual([]);
  });

  it('a blank form names all six required fields; typed coordinates look up the address', async () => {
    await page.getByRole('button', { name: 'Add known place' }).click();
    await page.waitForURL('**/known-places/add?*');
    await page.getByText('Add a new known place').waitFor();
    await page.locator('form').getByRole('button', { name: 'Add known place' }).click();
    for (const text of REQUIRED) await page.getByText(text, { exact: true }).waitFor();
    await saveScreen(page, 'known-places-form-blank');
    expect(await serious()).toEqual([]);

    await field('Latitude').fill('22.066639');
    await field('Longitude').fill('88.114494');
    await expect.poll(() => field('Google Address').inputValue()).toContain('Haldia');
    await page.getByTestId('point-map').waitFor();
    expect(await page.getByText('Enter latitude', { exact: true }).count()).toBe(0);
  });

  it('adds a place: the address search fills coordinates, label and address', async () => {
    // Typed key by key, as an operator types: un-choosing the place found before must not wipe the text.
    await field('Google Address').clear();
    await field('Google Address').pressSequentially('Hinjawadi');
    expect(await field('Google Address').inputValue()).toBe('Hinjawadi');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Hinjawadi' })
      .first()
      .click();
    await expect.poll(() => field('Google Address').inputValue()).toContain('Hinjawadi');
    await expect.poll(() => field('Latitude').inputValue()).toMatch(/^18\.\d+/);
    await expect.poll(() => field('Longitude').inputValue()).toMatch(/^73\.\d+/);
    await expect.poll(() => field('Address').inputValue()).toContain('Hinjawadi');
    await field('Address Label').fill('Hinjawadi Dispatch Gate');
    await field('Code').fill(CODE);
    expect(await field('Geofence Radius').inputValue()).toBe('2');

    // The geofence is drawn around the point at the radius typed, before anything is saved.
    const map = page.getByTestId('point-map');
    const geofence = map.locator('path.lego-map-geofence');
    await geofence.waitFor();
    const width = async () => (await geofence.boundingBox())?.width ?? 0;
    const atTwo = await width();
    expect(atTwo).toBeGreaterThan(10);
    await field('Geofence Radius').fill('5');
    await expect.poll(async () => (await width()) / atTwo).toBeCloseTo(2.5, 0);

    // Dragging the point down and right sets both coordinates (south and east of where it was) and its address.
    const lat = Number(await field('Latitude').inputValue());
    const lng = Number(await field('Longitude').inputValue());
    const pin = (await map.locator('.lego-map-marker').boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
    await page.mouse.move(pin.x + pin.width / 2, pin.y + pin.height / 2);
    await page.mouse.down();
    await page.mouse.move(pin.x + pin.width / 2 + 30, pin.y + pin.height / 2 + 20, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => Number(await field('Latitude').inputValue())).toBeLessThan(lat);
    expect(Number(await field('Longitude').inputValue())).toBeGreaterThan(lng);
    expect(await field('Latitude').inputValue()).toMatch(/^18\.\d{1,6}$/);
    await expect.poll(() => field('Google Address').inputValue()).not.toBe('');
    // The circle follows the point it was dropped at.
    await expect
      .poll(async () => {
        const circle = await geofence.boundingBox();
        const marker = await map.locator('.lego-map-marker').boundingBox();
        return circle && marker ? Math.abs(circle.x + circle.width / 2 - (marker.x + marker.width / 2)) : null;
      })
      .toBeLessThan(3);
    await field('Geofence Radius').fill('2');
    await saveScreen(page, 'known-places-form-filled');
    await page.locator('form').getByRole('button', { name: 'Add known place' }).click();
    await page.getByText('Company place added successfully !').waitFor();
    await page.waitForURL((url) => url.pathname === '/known-places' && url.searchParams.has('companyId'));
  });

  it('finds it in the list and shows it on the map in a 400 px modal', async () => {
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(CODE);
    await expect.poll(() => rows().count()).toBe(1);
    await rows().first().getByText('Hinjawadi Dispatch Gate').waitFor();
    // The Id column shows the code the operator typed; the place's own id is in its Edit link.
    expect((await rows().first().locator('td').first().textContent())?.trim()).toBe(CODE);
    const href = (await rows().first().getByRole('link', { name: 'Edit' }).getAttribute('href')) ?? '';
    cpId = /\/known-places\/([^/]+)\/edit/.exec(href)?.[1] ?? '';
    expect(cpId).toMatch(/^cp_/);
    await rows().first().getByRole('button', { name: 'Show' }).click();
    const modal = page.locator('.ant-modal:visible');
    await modal.getByText('Hinjawadi Dispatch Gate').waitFor();
    const map = modal.getByTestId('map');
    await map.waitFor();
    // The element's own height (its box on screen is scaled while the modal opens).
    expect(await map.evaluate((element) => (element as HTMLElement).clientHeight)).toBe(400);
    await page.waitForFunction(
      () => ![...document.querySelectorAll('.ant-modal')].some((e) => /-(enter|appear)/.test(e.className)),
    );
    await saveScreen(page, 'known-places-map');
    expect(await serious()).toEqual([]);
    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'hidden' });
    // By keyboard: Enter on Show opens it, Escape closes it, and focus is back on Show.
    await rows().first().getByRole('button', { name: 'Show' }).focus();
    await page.keyboard.press('Enter');
    await modal.getByTestId('map').waitFor();
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Show');
  });

  it('edits it with the Google address and coordinates read-only', async () => {
    await rows().first().getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(`**/known-places/${cpId}/edit?*`);
    await page.getByText('Update known place').first().waitFor();
    await expect.poll(() => field('Address Label').inputValue()).toBe('Hinjawadi Dispatch Gate');
    for (const label of ['Google Address', 'Latitude', 'Longitude']) expect(await field(label).isDisabled()).toBe(true);
    expect(await page.getByText('The field cannot be edited', { exact: true }).count()).toBe(3);
    await saveScreen(page, 'known-places-form-edit');
    expect(await serious()).toEqual([]);
    await field('Address Label').fill('Hinjawadi Gate 2');
    await page.locator('form').getByRole('button', { name: 'Update known place' }).click();
    await page.getByText(`Known place ${cpId} updated successfully !`).waitFor();
    await page.waitForURL((url) => url.pathname === '/known-places');
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(CODE);
    await rows().first().getByText('Hinjawadi Gate 2').waitFor();
  });

  it('deletes it after the confirmation', async () => {
    await rows().first().getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Are you sure to delete this known place ?').waitFor();
    await answer(page, 'Yes');
    await page.getByText(`Company place ${cpId} deleted successfully`).waitFor();
    await expect.poll(() => rows().count()).toBe(0);
  });

  it("the route form's place search offers the company's known places, which fill code and radius", async () => {
    await page.getByRole('menuitem', { name: 'Routes' }).click();
    await page.getByRole('button', { name: 'Add Route' }).click();
    await page.waitForURL('**/routes/add?*');
    await field('Loading Point').fill('Haldia');
    const dropdown = page.locator('.ant-select-dropdown:visible');
    await dropdown.getByText('Known places', { exact: true }).waitFor();
    await dropdown.getByText('Places', { exact: true }).waitFor();
    await dropdown.locator('.ant-select-item-option', { hasText: 'Haldia Dock Complex (TSL-HAL-DOCK)' }).click();
    await expect.poll(() => field('Loading Point Code').inputValue()).toBe('TSL-HAL-DOCK');
    await expect.poll(() => field('Loading Point').inputValue()).toContain('Haldia, East Midnapore');
    await saveScreen(page, 'known-places-in-route-form');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('menuitem', { name: 'Known Places' }).click();
    await page.waitForURL('**/known-places?*');
  });

  it('a TRANSPORTER needs a consignor before its places show', async () => {
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('');
    await pickCompany(page, 'VRL', 'VRL Logistics Limited (TRANSPORTER)');
    await page.getByTestId('scope-gate').getByText('Please select a consignor to proceed').waitFor();
    await expect.poll(() => page.locator('.ant-table').count()).toBe(0);
    // The form refuses to save without one, saying so, and sends nothing.
    await page.getByRole('button', { name: 'Add known place' }).click();
    await page.waitForURL('**/known-places/add?*');
    await field('Latitude').fill('22.066639');
    await field('Longitude').fill('88.114494');
    // Typed coordinates look up the Google address only: the label and address stay the operator's to type.
    await expect.poll(() => field('Google Address').inputValue()).toContain('Haldia');
    expect(await field('Address Label').inputValue()).toBe('');
    await field('Address Label').fill('Haldia Yard');
    await field('Address').fill('Dock Road, Haldia');
    await field('Code').fill('VRL-NO-CONSIGNOR');
    const creates: string[] = [];
    page.on('request', (r) => r.url().includes('/company_places/create') && creates.push(r.url()));
    await page.locator('form').getByRole('button', { name: 'Add known place' }).click();
    await page.locator('.ant-message').getByText('Please select a consignor to proceed').waitFor();
    expect(creates).toEqual([]);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL((url) => url.pathname === '/known-places');
    await choose(page, 'Consignor', 'Tata');
    await page.getByText('VRL Adityapur Yard (Tata Steel)').waitFor();
    expect(await page.getByTestId('scope-gate').count()).toBe(0);
  });
});
