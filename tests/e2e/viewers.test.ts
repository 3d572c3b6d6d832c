import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { VIEWER_MSG } from '../../schemas/viewers';
import { choose, login, startConsole, type RunningConsole } from './harness';

/** The viewers (spec 002 section 2.7): /alert-configuration, /configurations and /entity-detail, tool pages of the engine. */
let app: RunningConsole;
let page: Page;
beforeAll(async () => {
  app = await startConsole();
  const context = await app.browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'], viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  await login(page, app.url, 'ops@demo.local');
  await page.getByText('Lego Configuration Console').waitFor();
});
afterAll(async () => {
  await app?.stop();
});

const TATA = 'companyId=1001&companyType=CONSIGNOR&companyName=Tata%20Steel%20Limited';
const toast = (text: string | RegExp) => page.locator('.ant-message-notice').filter({ hasText: text }).first();
const result = () => page.getByTestId('tool-result');
const caption = () => page.getByTestId('tool-caption');

describe('alert configuration (/alert-configuration)', () => {
  it('asks for a company, reads the alert config of both parties narrowed to the alert (alertKey=), and copies it', async () => {
    await page.goto(`${app.url}/alert-configuration`);
    await page.getByRole('button', { name: 'GET Config' }).click();
    await toast(VIEWER_MSG.mandatory).waitFor();
    await page.getByLabel('Consignor Company').fill('1001');
    await page.getByLabel('Consignor Branch').fill('3101');
    await page.getByLabel('Transporter Company').fill('2001');
    await choose(page, 'Alert', 'long_stoppage');
    await page.waitForURL((url) => url.searchParams.get('alertKey') === 'long_stoppage');
    await page.getByRole('button', { name: 'GET Config' }).click();
    await expect.poll(async () => (await result().textContent()) ?? '').toContain('"consignor"');
    const shown = (await result().textContent()) ?? '';
    expect(shown).toContain('"long_stoppage"');
    expect(shown).not.toContain('"route_deviation"');
    expect(shown).toContain('"transporter"');
    await page.getByRole('button', { name: 'Copy Config JSON' }).click();
    await toast('JSON Copied to Clipboard').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('"raise_ticket": true');
    // A wrong company type: the server's message, and the box emptied.
    await page.getByLabel('Transporter Company').fill('1002');
    await page.getByRole('button', { name: 'GET Config' }).click();
    await toast(VIEWER_MSG.wrongType('1002', 'TRANSPORTER')).waitFor();
    expect(await result().count()).toBe(0);
    // The alert key is read back from the query string.
    await page.goto(`${app.url}/alert-configuration?alertKey=untracked`);
    await expect.poll(() => page.getByText('untracked').count()).toBeGreaterThan(0);
  });
});

describe('configurations (/configurations)', () => {
  it('needs a company, suggests the keys, and shows the entity id and its config', async () => {
    await page.goto(`${app.url}/configurations`);
    expect(await page.getByRole('button', { name: 'GET Config' }).isDisabled()).toBe(true);
    await page.goto(`${app.url}/configurations?${TATA}`);
    const button = page.getByRole('button', { name: 'GET Config' });
    await expect.poll(() => button.isDisabled()).toBe(false);
    await button.click();
    await expect.poll(() => page.getByText(VIEWER_MSG.configKeyRequired).count()).toBeGreaterThan(0);
    await page.getByLabel('Config Key').fill('geof');
    await page.locator('.ant-select-item-option').filter({ hasText: 'trip.geofence' }).first().click();
    await expect.poll(() => page.getByLabel('Config Key').inputValue()).toBe('trip.geofence');
    await button.click();
    await expect.poll(async () => (await caption().textContent()) ?? '').toMatch(/^Entity ID: CMP[0-9A-F]{16}$/);
    expect(await result().textContent()).toContain('"originRadiusKm": 2');
    await page.getByLabel('Config Key').fill('indent.geofence1');
    await button.click();
    await toast(VIEWER_MSG.noConfig('indent.geofence1')).waitFor();
    expect(await result().count()).toBe(0);
  });
});

describe('entity detail (/entity-detail)', () => {
  it('asks for a company, shows the entity of the company or the branch, and pages partners by type', async () => {
    await page.goto(`${app.url}/entity-detail`);
    await page.getByText('Select a company to continue').first().waitFor();
    await page.goto(`${app.url}/entity-detail?${TATA}`);
    await page.getByRole('button', { name: 'GET Entity' }).waitFor();
    // The panel is hidden until a call succeeds.
    expect(await page.getByRole('button', { name: 'Copy Config JSON' }).count()).toBe(0);
    await page.getByRole('button', { name: 'GET Entity' }).click();
    await expect.poll(async () => (await caption().textContent()) ?? '').toMatch(/^Entity ID: CMP/);
    expect(await result().textContent()).toContain('"name": "Tata Steel Limited"');
    expect(await page.locator('.ant-pagination').count()).toBe(0);
    await page.goto(`${app.url}/entity-detail?${TATA}&branchId=3102&branchName=Kolkata`);
    await page.getByRole('button', { name: 'GET Entity' }).click();
    await expect.poll(async () => (await caption().textContent()) ?? '').toMatch(/^Entity ID: BRH/);
    expect(await result().textContent()).toContain('"name": "Kolkata"');

    await page.getByRole('button', { name: 'GET Partners' }).click();
    await expect.poll(() => page.getByText(VIEWER_MSG.partnerTypeRequired).count()).toBeGreaterThan(0);
    await choose(page, 'Partner Type', 'Transporter');
    await page.getByRole('button', { name: 'GET Partners' }).click();
    await expect.poll(async () => (await caption().textContent()) ?? '').toBe('Transporter partners: 2');
    expect(await result().textContent()).toContain('"VRL Logistics Limited"');
    await page.locator('.ant-pagination').waitFor();
    expect(await page.locator('.ant-pagination-options').count()).toBe(0);
  });
});
