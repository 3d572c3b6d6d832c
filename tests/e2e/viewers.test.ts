import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { VIEWER_MSG } from '../../schemas/viewers';
import { choose, login, startConsole, type RunningConsole } from './harness';

/** The viewers (spec 002 section 2.7): /alert-configuration, /configurations and /entity-detail, tool pages of the engine. */
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

const TATA = 'companyId=1001&companyType=CONSIGNOR&companyName=Tata%20Steel%20Limited';
const toast = (text: string | RegExp) => page.locator('.ant-message-notice').filter({ hasText: text }).first();
const result = () => page.getByTestId('tool-result');
const caption = () => page.getByTestId('tool-caption');

/** The alert viewer's block titled `title` (a labelled group). */
const block = (title: 'Consignor' | 'Transporter') => page.getByRole('group', { name: title, exact: true });

/**
 * Chooses in a select of a block by keyboard, as an operator can: open it, type (part of a company's name, else the
 * option's), wait for the option wanted at the top of its own list, press Enter.
 */
async function chooseIn(
  title: 'Consignor' | 'Transporter',
  label: string,
  option: string,
  typed = option,
): Promise<void> {
  const input = block(title).getByLabel(label, { exact: true });
  await input.click();
  await input.fill(typed);
  const id = await input.getAttribute('id');
  await page.locator(`[id="${id}_list"] [role=option]`).first().waitFor({ state: 'attached' });
  await page
    .locator('.ant-select-dropdown:visible:not([class*="leave"]) .ant-select-item-option', { hasText: option })
    .first()
    .waitFor();
  // Enter takes the first option: wait until the search (the server's, or the list's) has put the wanted one there.
  await expect
    .poll(() => page.locator(`[id="${id}_list"] [role=option]`).first().getAttribute('aria-label'))
    .toBe(option);
  await input.press('Enter');
  await expect
    .poll(() =>
      block(title)
        .locator(`[id="${id}"]`)
        .locator('xpath=ancestor::div[contains(@class,"ant-select")][1]')
        .textContent(),
    )
    .toContain(option);
}

/** The text a block's select shows (its choice, or its placeholder). */
const shownIn = (title: 'Consignor' | 'Transporter', label: string) =>
  block(title)
    .getByLabel(label, { exact: true })
    .locator('xpath=ancestor::div[contains(@class,"ant-select")][1]')
    .textContent();

describe('alert configuration (/alert-configuration)', () => {
  it('asks for a company, reads the alert config of both parties narrowed to the alert (alertKey=), and copies it', async () => {
    await page.goto(`${app.url}/alert-configuration`);
    await block('Consignor').waitFor();
    await block('Transporter').waitFor();
    await page.getByRole('button', { name: 'GET Config' }).click();
    await toast(VIEWER_MSG.mandatory).waitFor();
    // Branch and department wait for their company and branch.
    expect(await block('Consignor').getByLabel('Branch', { exact: true }).isDisabled()).toBe(true);
    expect(await block('Consignor').getByLabel('Department', { exact: true }).isDisabled()).toBe(true);
    // Companies are found by name, only those of the block's type: Tata Steel is a consignor, not a transporter.
    await chooseIn('Consignor', 'Company', 'Tata Steel Limited', 'tata');
    const transporterCompany = block('Transporter').getByLabel('Company', { exact: true });
    await transporterCompany.fill('tata');
    const transporterList = page.locator(`[id="${await transporterCompany.getAttribute('id')}_list"]`);
    await page.locator('.ant-select-dropdown:visible').getByText('No matches').waitFor();
    expect(await transporterList.locator('[role=option]').count()).toBe(0);
    await transporterCompany.press('Escape');
    await chooseIn('Consignor', 'Branch', 'Jamshedpur');
    await chooseIn('Consignor', 'Department', 'Dispatch');
    await chooseIn('Transporter', 'Company', 'VRL Logistics Limited', 'vrl');
    await choose(page, 'Alert', 'long_stoppage');
    await page.waitForURL((url) => url.searchParams.get('alertKey') === 'long_stoppage');
    await page.getByRole('button', { name: 'GET Config' }).click();
    await expect.poll(async () => (await result().textContent()) ?? '').toContain('"consignor"');
    const shown = (await result().textContent()) ?? '';
    expect(shown).toContain('"long_stoppage"');
    expect(shown).not.toContain('"route_deviation"');
    expect(shown).toContain('"transporter"');
    // The ids chosen are sent: the consignor's branch and department (old ids) are the entity's.
    expect(shown).toContain('"branchId": "3101"');
    expect(shown).toContain('"departmentId": "31011"');
    await page.getByRole('button', { name: 'Copy Config JSON' }).click();
    await toast('JSON Copied to Clipboard').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('"raise_ticket": true');

    // Another company clears the branch and department chosen for the one before.
    await chooseIn('Consignor', 'Company', 'Hindustan Unilever Limited', 'hindustan');
    await expect.poll(() => shownIn('Consignor', 'Branch')).toBe('Branch (optional)');
    expect(await shownIn('Consignor', 'Department')).toBe('Department (optional)');
    await chooseIn('Consignor', 'Branch', 'Pune');

    // The Transporter block's reset clears only its fields and the result box; the consignor's choices stay.
    await page.getByRole('button', { name: 'GET Config' }).click();
    await expect.poll(async () => (await result().textContent()) ?? '').toContain('"3202"');
    await block('Transporter').getByRole('button', { name: 'Reset Filter' }).click();
    await expect.poll(() => shownIn('Transporter', 'Company')).toBe('Type a company name');
    expect(await result().count()).toBe(0);
    expect(await shownIn('Consignor', 'Company')).toBe('Hindustan Unilever Limited');
    expect(await shownIn('Consignor', 'Branch')).toBe('Pune');
    await page.getByRole('button', { name: 'GET Config' }).click();
    await expect.poll(async () => (await result().textContent()) ?? '').toContain('"consignor"');
    expect(await result().textContent()).not.toContain('"transporter"');
    // The Consignor block's reset: nothing chosen any more, so the mandatory message again.
    await block('Consignor').getByRole('button', { name: 'Reset Filter' }).click();
    await expect.poll(() => shownIn('Consignor', 'Company')).toBe('Type a company name');
    expect(await shownIn('Consignor', 'Branch')).toBe('Branch (optional)');
    expect(await result().count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('alertKey')).toBe('long_stoppage');
    await page.getByRole('button', { name: 'GET Config' }).click();
    await toast(VIEWER_MSG.mandatory).waitFor();

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
