import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TRIP_MSG } from '../../schemas/trip';
import { axeViolations, choose, login, startConsole, type RunningConsole } from './harness';

/** The trip utilities (spec 002 section 2.7): /utilities/trip-data and /utilities/insert-manual-ping, tool pages of the engine. */
let app: RunningConsole;
let page: Page;
beforeAll(async () => {
  app = await startConsole();
  const context = await app.browser.newContext({
    permissions: ['clipboard-read', 'clipboard-write'],
    viewport: { width: 1280, height: 900 },
  });
  page = await context.newPage();
  await login(page, app.url, 'ops@demo.local');
  await page.getByText('Lego Configuration Console').waitFor();
});
afterAll(async () => {
  await app?.stop();
});

const toast = (text: string | RegExp) => page.locator('.ant-message-notice').filter({ hasText: text }).first();
const result = () => page.getByTestId('tool-result');
const serious = async () =>
  (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} at ${v.targets.join(' | ')}`);

describe('trip data (/utilities/trip-data)', () => {
  it('asks for a trip id, reads each section (mirrored as section=), and says when the trip is unknown', async () => {
    await page.goto(`${app.url}/utilities/trip-data?section=trip_details`);
    await page.getByRole('button', { name: 'GET Data' }).click();
    await expect.poll(() => page.getByText(TRIP_MSG.tripRequired).count()).toBeGreaterThan(0);
    await page.getByLabel('Trip ID').fill('TRP1001001');
    await page.getByRole('button', { name: 'GET Data' }).click();
    await result().waitFor();
    expect(await result().textContent()).toContain('"trip_id": "TRP1001001"');
    expect(await result().textContent()).not.toContain('created_by');
    // The section chosen goes to the query string.
    await choose(page, 'Section', 'Locations');
    await page.waitForURL((url) => url.searchParams.get('section') === 'locations');
    await page.getByRole('button', { name: 'GET Data' }).click();
    await expect.poll(async () => (await result().textContent()) ?? '').toContain('locationSource');
    await page.getByLabel('Trip ID').fill('NO-SUCH-TRIP');
    await page.getByRole('button', { name: 'GET Data' }).click();
    await toast(TRIP_MSG.invalidTrip).waitFor();
    expect(await result().count()).toBe(0);
    expect(await serious()).toEqual([]);
  });

  it('shows the analytics, replays, syncs, and copies the JSON', async () => {
    await page.goto(`${app.url}/utilities/trip-data`);
    await page.getByLabel('Trip ID').fill('TRP1001001');
    await page.getByRole('button', { name: 'Show Analytics' }).click();
    await expect.poll(async () => (await result().textContent()) ?? '').toContain('long_stoppage');
    await page.getByRole('button', { name: 'Replay', exact: true }).click();
    await toast(/^Replay done: \d+ alerts?$/).waitFor();
    await page.getByRole('button', { name: 'Replay with Updated config' }).click();
    await toast(/^Replay with updated config done: \d+ alerts?$/).waitFor();
    await page.getByRole('button', { name: 'Sync Trip to ES' }).click();
    await toast(TRIP_MSG.synced).waitFor();
    await page.getByRole('button', { name: 'Copy trip JSON' }).click();
    await toast('JSON Copied to Clipboard').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('"alerts"');
    // The tool's own reset, after the filter bar's.
    await page.getByRole('button', { name: 'Reset Filter' }).last().click();
    await expect.poll(() => page.getByLabel('Trip ID').inputValue()).toBe('');
    expect(await result().count()).toBe(0);
  });
});

describe('manual ping (/utilities/insert-manual-ping)', () => {
  it('defaults the device time to now, checks the fields, and shows what the server did with the ping', async () => {
    await page.goto(`${app.url}/utilities/insert-manual-ping`);
    expect(await page.getByLabel('Device Time (UTC)').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByText('Please enter latitude').count()).toBeGreaterThan(0);
    expect(await page.getByText(TRIP_MSG.tripRequired).count()).toBeGreaterThan(0);
    await page.getByLabel('Trip ID').fill('TRP1001001');
    await page.getByLabel('Latitude').fill('22.61');
    await page.getByLabel('Longitude').fill('87.2');
    await page.getByLabel('Speed (km/h)').fill('12');
    await page.getByRole('button', { name: 'Submit' }).click();
    await toast(/^Ping inserted for trip TRP1001001 at /).waitFor();
    // A delivered (closed) trip takes no ping.
    await page.getByLabel('Trip ID').fill('TRP1001000');
    await page.getByRole('button', { name: 'Submit' }).click();
    await toast(TRIP_MSG.tripClosed).waitFor();
    expect(await serious()).toEqual([]);
  });
});
