import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  answer,
  apiAs,
  axeViolations,
  callPath,
  choose,
  pickCompany,
  saveScreen,
  type RunningConsole,
  operatorSession,
} from './harness';
import { mainCalls } from '../../schemas/api';
import { WAYPOINT_MSG } from '../../schemas/messages';

const session = operatorSession();
/** How long a poll waits for what the screen shows after a call or a reload (the page loads its chunks and data first). */
const WAIT = { timeout: 20_000 };
let app: RunningConsole;
let page: Page;
let companyId: string;
beforeAll(async () => {
  ({ app, page } = session);
});

/** Tata Steel's Jamshedpur - Kolkata route, seeded without waypoints. */
const ROUTE_ID = 'rt_tsl_jsr_ccu';

type Waypoint = {
  id: string;
  label: string;
  cpCode: string;
  sequence: number;
  geofenceRadius: number;
  google: { place_id: string; geometry?: { location: { lat: number; lng: number } } };
};

const stored = () =>
  apiAs<Waypoint[]>(page, app.url, callPath(mainCalls.waypoints, { c: companyId, t: 'CONSIGNOR', routeId: ROUTE_ID }));
const toast = (text: string) => page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
const rows = () => page.locator('.ant-table-tbody tr.ant-table-row');
/** The labels of the table's rows, top to bottom. */
const shownLabels = () => rows().evaluateAll((trs) => trs.map((tr) => tr.querySelector('td')?.textContent ?? ''));
const shownSequences = () => page.getByTestId('waypoint-sequence').allTextContents();
const pins = () => page.locator('.lego-map-pin-label').allTextContents();

/** Adds a waypoint as an operator: +Add, a label and code, a place searched by `search` and picked by `option`, a radius, Save. */
async function addWaypoint(label: string, code: string, search: string, option: string | RegExp, radius: string) {
  await page.getByRole('button', { name: '+Add' }).click();
  await page.getByLabel('Label', { exact: true }).fill(label);
  await page.getByLabel('Code', { exact: true }).fill(code);
  const place = page.getByLabel('Search a place or lat,lng');
  await place.fill(search);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
  await expect.poll(() => page.getByRole('button', { name: 'Save' }).isEnabled(), WAIT).toBe(true);
  await page.getByLabel('Geo Fence Radius (in kms)').fill(radius);
  await page.getByRole('button', { name: 'Save' }).click();
  await toast(WAYPOINT_MSG.added);
  await page.getByRole('button', { name: 'Save' }).waitFor({ state: 'detached' });
}

describe('waypoints (/way-point)', () => {
  it('asks for a route first: Select a route, +Add disabled', async () => {
    await pickCompany(page, 'Tata', 'Tata Steel Limited (CONSIGNOR)');
    await page.waitForURL(/companyId=/);
    companyId = new URL(page.url()).searchParams.get('companyId')!;
    await page.getByRole('menuitem', { name: 'Waypoints' }).click();
    await page.waitForURL('**/way-point?*');
    await page.getByText(WAYPOINT_MSG.selectRoute).first().waitFor();
    expect(await page.getByRole('button', { name: '+Add' }).isDisabled()).toBe(true);
  });

  it('adds two waypoints, by name and by lat-lng, with the rules of Save and Cancel', async () => {
    await choose(page, 'Route', 'Jamshedpur - Kolkata');
    await page.waitForURL(new RegExp(`routeId=${ROUTE_ID}`));
    await expect.poll(pins, WAIT).toEqual(['O', 'D']);
    const add = page.getByRole('button', { name: '+Add' });
    await expect.poll(() => add.isEnabled(), WAIT).toBe(true);

    // The temporary row: +Add disabled, Save disabled without a label or place, a negative radius refused.
    await add.click();
    expect(await add.isDisabled()).toBe(true);
    expect(await shownSequences()).toEqual(['1']);
    const save = page.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    expect((await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await page.getByLabel('Label', { exact: true }).fill('Kharagpur Halt');
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel('Geo Fence Radius (in kms)').fill('-1');
    await page.getByText(WAYPOINT_MSG.negativeRadius).waitFor();
    await saveScreen(page, 'waypoints-adding');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => add.isEnabled(), WAIT).toBe(true);
    expect(await rows().count()).toBe(0);
    expect(await stored()).toEqual([]);

    await addWaypoint('Kharagpur Halt', 'TSL-KGP', 'Kharagpur', 'Kharagpur', '1.5');
    // Cancel lowered the counter: the saved row is number 1 again.
    expect(await shownSequences()).toEqual(['1']);
    await addWaypoint('Asansol Yard', 'TSL-ASN', '23.6739,86.9524', /Asansol|Burdwan|Bardhaman/, '3');
    expect(await shownSequences()).toEqual(['1', '2']);
    expect(await shownLabels()).toEqual(['Kharagpur Halt', 'Asansol Yard']);
    await page.getByText('1.50', { exact: true }).waitFor();
    await page.getByText('3.00', { exact: true }).waitFor();
    await expect.poll(pins, WAIT).toEqual(['O', '1', '2', 'D']);
    await page.getByTestId('map-directions').waitFor();

    const saved = await stored();
    expect(saved.map((w) => [w.label, w.cpCode, w.sequence, w.geofenceRadius])).toEqual([
      ['Kharagpur Halt', 'TSL-KGP', 1, 1.5],
      ['Asansol Yard', 'TSL-ASN', 2, 3],
    ]);
    // The lat-lng search keeps the typed coordinates.
    expect(saved[1].google.geometry?.location).toEqual({ lat: 23.6739, lng: 86.9524 });
    await saveScreen(page, 'waypoints');
    const serious = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious).toEqual([]);
  });

  it('reorders by dragging the handle and by the keyboard buttons, and the order survives a reload', async () => {
    const handle = rows().nth(1).locator('.waypoint-drag-handle');
    const target = rows().nth(0);
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    const x = from.x + from.width / 2;
    const startY = from.y + from.height / 2;
    const endY = to.y + to.height / 4;
    await page.mouse.move(x, startY);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) await page.mouse.move(x, startY + ((endY - startY) * step) / 10);
    // sortablejs's fallback looks under the pointer every 50 ms, not on each move: the drop waits, as a hand would,
    // until the held row has taken the first place (the row that follows the pointer is its `sortable-fallback` copy).
    await expect
      .poll(
        () =>
          page.locator('.ant-table-tbody tr.ant-table-row:not(.sortable-fallback) td:first-child').allTextContents(),
        WAIT,
      )
      .toEqual(['Asansol Yard', 'Kharagpur Halt']);
    await page.mouse.up();
    await expect.poll(shownLabels, WAIT).toEqual(['Asansol Yard', 'Kharagpur Halt']);
    expect(await shownSequences()).toEqual(['1', '2']);
    await expect
      .poll(async () => (await stored()).map((w) => w.label), WAIT)
      .toEqual(['Asansol Yard', 'Kharagpur Halt']);

    // The keyboard's way: focus Move down of the first row, press Enter; focus follows the moved row.
    await page.getByRole('button', { name: 'Move Asansol Yard down' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(shownLabels, WAIT).toEqual(['Kharagpur Halt', 'Asansol Yard']);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')), WAIT)
      .toBe('Move Asansol Yard up');
    await page.keyboard.press('Enter');
    await expect.poll(shownLabels, WAIT).toEqual(['Asansol Yard', 'Kharagpur Halt']);
    await expect
      .poll(async () => (await stored()).map((w) => w.label), WAIT)
      .toEqual(['Asansol Yard', 'Kharagpur Halt']);

    await page.reload();
    await expect.poll(shownLabels, WAIT).toEqual(['Asansol Yard', 'Kharagpur Halt']);
    expect(await shownSequences()).toEqual(['1', '2']);
    await expect.poll(pins, WAIT).toEqual(['O', '1', '2', 'D']);
    await page.getByTestId('map-directions').waitFor();
    await saveScreen(page, 'waypoints-reloaded');
  });

  it('searches its waypoints by label, code or address, and moves them only unsearched (issue 4)', async () => {
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill('tsl-kgp');
    await expect.poll(shownLabels, WAIT).toEqual(['Kharagpur Halt']);
    // A move is among all the route's waypoints: not offered while only some are shown.
    expect(await page.getByRole('button', { name: 'Move Kharagpur Halt up' }).isDisabled()).toBe(true);
    expect(await rows().locator('.waypoint-drag-handle').count()).toBe(0);
    await search.fill('no such place on this route');
    await page.getByText('No waypoints of this route match the search').waitFor();
    // The map keeps the whole route.
    expect(await pins()).toEqual(['O', '1', '2', 'D']);
    await search.fill('');
    await expect.poll(shownLabels, WAIT).toEqual(['Asansol Yard', 'Kharagpur Halt']);
    expect(await page.getByRole('button', { name: 'Move Kharagpur Halt up' }).isEnabled()).toBe(true);
  });

  it('deletes a waypoint after confirming, renumbers, and says so', async () => {
    await page.getByRole('button', { name: 'Delete Asansol Yard' }).click();
    await answer(page, 'Yes');
    await toast(WAYPOINT_MSG.deleted);
    await expect.poll(shownLabels, WAIT).toEqual(['Kharagpur Halt']);
    expect(await shownSequences()).toEqual(['1']);
    expect((await stored()).map((w) => [w.label, w.sequence])).toEqual([['Kharagpur Halt', 1]]);
    await expect.poll(pins, WAIT).toEqual(['O', '1', 'D']);
  });

  it('shows the error messages of a failed add, delete and fetch', async () => {
    const failing = (path: string) =>
      page.route(`**${path}?*`, (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, data: null, message: ['Service unavailable'] }),
        }),
      );
    await failing(mainCalls.createWaypoint.path);
    await page.getByRole('button', { name: '+Add' }).click();
    await page.getByLabel('Label', { exact: true }).fill('Never stored');
    await page.getByLabel('Search a place or lat,lng').fill('Kharagpur');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Kharagpur' })
      .first()
      .click();
    await expect.poll(() => page.getByRole('button', { name: 'Save' }).isEnabled(), WAIT).toBe(true);
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(WAYPOINT_MSG.addError);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await failing(mainCalls.deleteWaypoint.path);
    await page.getByRole('button', { name: 'Delete Kharagpur Halt' }).click();
    await answer(page, 'Yes');
    await toast(WAYPOINT_MSG.deleteError);
    expect((await stored()).map((w) => w.label)).toEqual(['Kharagpur Halt']);

    await failing(mainCalls.waypoints.path);
    await page.reload();
    await toast(WAYPOINT_MSG.fetchError);
    expect(await page.getByTestId('waypoint-sequence').count()).toBe(0);
    await expect.poll(pins, WAIT).toEqual([]);
    await page.unrouteAll();
  });
});
