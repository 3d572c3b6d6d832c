import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { answer, pickCompany, type RunningConsole, operatorSession, callPath } from './harness';
import { alertCalls, uiConfigCalls } from '../../schemas/api';
import type { UiConfig } from '../../schemas/resources/ui-configs';

const session = operatorSession();
let app: RunningConsole;
let page: Page;
beforeAll(async () => {
  ({ app, page } = session);
});

/** A data-family read with the page's desk token: `result.data` of the answer. */
async function stored<T>(path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('deskToken'));
  const res = await fetch(`${app.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { result: { data: T } }).result.data;
}

type Alert = { id: string; featureKey: string; enabled: boolean; extraContext: string };
const alertOf = async (featureKey: string) =>
  (await stored<Alert[]>(callPath(alertCalls.list, { companyId: 1001 }))).find((a) => a.featureKey === featureKey)!;
const ticketOf = async (featureKey: string) =>
  JSON.parse((await alertOf(featureKey)).extraContext)[0].ticketing.raise_ticket as boolean;
const uiConfigs = () => stored<UiConfig[]>(callPath(uiConfigCalls.list, { companyId: 1001 }));

/** The table row whose cell reads exactly `text`. */
const rowWith = (text: string): Locator =>
  page.locator('.ant-table-tbody tr.ant-table-row', { has: page.getByRole('cell', { name: text, exact: true }) });

/** Opens a switch's confirmation and checks its title and text. */
async function askToggle(row: Locator, name: string) {
  await row.getByRole('switch', { name }).click();
  const dialog = page.getByRole('dialog', { name: 'Enable Configuration' });
  await dialog.waitFor();
  await dialog.getByText('Are you sure want to disable/enable notification/Ticket').waitFor();
}

/** Picks an option of the open select dropdown by its text. */
const option = (text: string) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first();

describe('alerts', () => {
  it('asks for a company before listing UI configs', async () => {
    await page.getByRole('menuitem', { name: 'Alert & Ticket UI' }).click();
    await page.waitForURL((url) => url.pathname === '/display-alert-ticket');
    await page.getByText('Select a company to continue').waitFor();
    expect(await page.locator('.ant-table').count()).toBe(0);
    await pickCompany(page, 'Tata', 'Tata Steel Limited (CONSIGNOR)');
    await page.waitForURL(/companyId=1001/);
  });

  it('toggles an alert and its ticket only after Yes in the Enable Configuration dialog', async () => {
    await page.getByRole('menuitem', { name: 'Alert Settings' }).click();
    await page.waitForURL((url) => url.pathname === '/alert-settings');
    const detention = rowWith('detention');
    await detention.waitFor();
    expect(await page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(12);
    await page.getByRole('button', { name: 'Bulk Alert Upload' }).waitFor();

    await askToggle(detention, 'Enabled');
    await answer(page, 'No');
    expect((await alertOf('detention')).enabled).toBe(true);
    await expect
      .poll(() => detention.getByRole('switch', { name: 'Enabled' }).getAttribute('aria-checked'))
      .toBe('true');
    await askToggle(detention, 'Enabled');
    await answer(page, 'Yes');
    await expect
      .poll(() => detention.getByRole('switch', { name: 'Enabled' }).getAttribute('aria-checked'))
      .toBe('false');
    expect((await alertOf('detention')).enabled).toBe(false);

    const longStoppage = rowWith('long_stoppage');
    await askToggle(longStoppage, 'Ticket');
    await answer(page, 'No');
    expect(await ticketOf('long_stoppage')).toBe(true);
    await askToggle(longStoppage, 'Ticket');
    await answer(page, 'Yes');
    await expect
      .poll(() => longStoppage.getByRole('switch', { name: 'Ticket' }).getAttribute('aria-checked'))
      .toBe('false');
    expect(await ticketOf('long_stoppage')).toBe(false);
    expect((await alertOf('long_stoppage')).enabled).toBe(true);
  });

  it('adds a UI config after both required messages', async () => {
    await page.locator('.ant-modal-wrap:visible').waitFor({ state: 'detached' });
    await page.getByRole('menuitem', { name: 'Alert & Ticket UI' }).click();
    await rowWith('Alert On Control Tower').waitFor();
    await page.getByRole('button', { name: 'Add Alert And Ticket On UI' }).click();
    await page.waitForURL((url) => url.pathname === '/display-alert-ticket/add');
    await page.getByText('Set UI Config').waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Please select field', { exact: true }).waitFor();
    await page.getByText('Please select config', { exact: true }).waitFor();

    await page.getByLabel('Feature Key').click();
    await option('Ticket On My Trips').waitFor();
    // Exactly the two modules: the placeholder is not an option.
    await expect
      .poll(() => page.locator('.ant-select-dropdown:visible .ant-select-item-option').allTextContents())
      .toEqual(['Alert On Control Tower', 'Ticket On My Trips']);
    await option('Ticket On My Trips').click();
    await page.getByLabel('Config').click();
    await option('Long Stoppage').click();
    // Typed keys are split on commas into tags.
    await page.getByLabel('Config').pressSequentially('transit_delay,');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('UI config set successfully for companyIds [ 1001 ]').waitFor();
    await page.waitForURL((url) => url.pathname === '/display-alert-ticket');
    await rowWith('long_stoppage, transit_delay').waitFor();
    await rowWith('long_stoppage, transit_delay').getByRole('cell', { name: 'All branches', exact: true }).waitFor();
    const created = (await uiConfigs()).find((c) => c.featureKey === 'neoTicketModule' && c.branchId === null);
    expect(created).toMatchObject({ enabled: true, extraContext: ['long_stoppage', 'transit_delay'] });
  });

  it('edits it, then disabling it disables Edit', async () => {
    const byId = page.waitForRequest((request) => request.url().includes('/fetchUIConfigById'));
    await rowWith('long_stoppage, transit_delay').getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(/\/display-alert-ticket\/edit\/uic_/);
    expect(new URL((await byId).url()).searchParams.get('featureKey')).toBe('neoTicketModule');
    await page.getByText('Update UI Config').waitFor();
    await page.locator('.ant-select-selection-item', { hasText: 'Transit Delay' }).waitFor();
    await page
      .locator('.ant-select-selection-item', { hasText: 'Transit Delay' })
      .locator('.ant-select-selection-item-remove')
      .click();
    await page.getByLabel('Config').click();
    await page.getByLabel('Config').pressSequentially('STA');
    await option('STA Breach').click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByText('UI config updated successfully').waitFor();
    await page.waitForURL((url) => url.pathname === '/display-alert-ticket');
    const row = rowWith('long_stoppage, sta_breach');
    await row.waitFor();
    const edited = (await uiConfigs()).find((c) => c.featureKey === 'neoTicketModule' && c.branchId === null)!;
    expect(edited.extraContext).toEqual(['long_stoppage', 'sta_breach']);

    await askToggle(row, 'Enabled');
    await answer(page, 'No');
    expect((await uiConfigs()).find((c) => c.id === edited.id)?.enabled).toBe(true);
    await askToggle(row, 'Enabled');
    await answer(page, 'Yes');
    await expect.poll(() => row.getByRole('button', { name: 'Edit' }).isDisabled()).toBe(true);
    expect((await uiConfigs()).find((c) => c.id === edited.id)?.enabled).toBe(false);
  });

  it('keeps Edit disabled for a disabled module (Kolkata tickets)', async () => {
    const kolkata = rowWith('3102');
    await kolkata.waitFor();
    expect(await kolkata.getByRole('switch', { name: 'Enabled' }).getAttribute('aria-checked')).toBe('false');
    expect(await kolkata.getByRole('button', { name: 'Edit' }).isDisabled()).toBe(true);
    expect(await kolkata.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    expect(await rowWith('Alert On Control Tower').getByRole('link', { name: 'Edit' }).count()).toBe(1);
  });
});
