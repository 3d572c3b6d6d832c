import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { answer, choose, pickCompany, type RunningConsole, operatorSession, callPath } from './harness';
import { dashboardCalls, dataCalls, sidebarMenuCalls } from '../../schemas/api';

const session = operatorSession();
let app: RunningConsole;
let page: Page;
beforeAll(async () => {
  ({ app, page } = session);
});

/** A data-family read with the page's desk token: `result.data`, or `result` when it has none. */
async function dataAs<T>(path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('deskToken'));
  const body = (await (await fetch(`${app.url}${path}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    result: { data?: T };
  };
  return ('data' in body.result ? body.result.data : body.result) as T;
}

const form = () => page.locator('form');
const userIds = () => form().getByLabel('User Ids');
const submitMenu = () => page.getByRole('button', { name: 'Submit Menu List' });
/** The tree entry of a menu item, and whether it is checked. */
const entry = (name: string) => page.locator('.ant-tree-treenode', { has: page.getByText(name, { exact: true }) });
/** Waits until the confirmation dialog has finished opening (a click during its zoom can be lost). */
const settled = () => page.locator('.ant-modal-wrap:visible .ant-modal:not([class*="zoom"])').waitFor();
const isChecked = async (name: string) =>
  (await entry(name).getAttribute('class'))!.includes('ant-tree-treenode-checkbox-checked');

describe('sidebar menu override', () => {
  it('asks for a company before setting a side menu', async () => {
    await page.getByRole('menuitem', { name: 'Sidebar Menu' }).click();
    await page.getByRole('button', { name: 'Set SideMenuBar' }).click();
    await page.getByText('Select a company to set side bar menu override').waitFor();
    await pickCompany(page, 'Tata', 'Tata Steel Limited (CONSIGNOR)');
    await page.getByRole('cell', { name: 'sidebar_menu_Admin' }).waitFor();
  });

  it('checks ids, clears ids for a role, brings parents along and saves a user menu', async () => {
    await page.getByRole('button', { name: 'Set SideMenuBar' }).click();
    await page.waitForURL('**/sidebar-menu/add?*');
    await page.getByText('Set Side Menu').waitFor();
    // Deprecated items are not offered.
    await entry('Trip List').waitFor();
    expect(await page.getByText('Trip Map (Deprecated)').count()).toBe(0);
    expect(await page.getByText('Legacy Reports (Depreciated)').count()).toBe(0);

    await userIds().fill('12a');
    await page.getByText('Only numbers and commas are allowed').waitFor();
    expect(await submitMenu().isDisabled()).toBe(true);
    await userIds().fill('701, 702');
    expect(await submitMenu().isDisabled()).toBe(false);

    await choose(page, 'Role of User', 'Broker', 'Broker');
    await expect.poll(() => userIds().inputValue()).toBe('');
    expect(await userIds().isDisabled()).toBe(true);
    await form().locator('.ant-select-clear').first().click();
    await expect.poll(() => userIds().isDisabled()).toBe(false);

    await submitMenu().click();
    await page.getByText('Please Select Landing Page').waitFor();
    await page.getByText('Please select menulist').waitFor();

    await entry('Trip Analytics').getByText('Trip Analytics').click();
    await expect.poll(() => isChecked('Trip Analytics')).toBe(true);
    expect(await isChecked('Analytics')).toBe(true);
    expect(await isChecked('Trips')).toBe(false);
    await entry('Create Trip').getByText('Create Trip').click();
    await expect.poll(() => isChecked('Trips')).toBe(true);

    // Several ids clear the menu list.
    await userIds().fill('701, 702');
    await userIds().blur();
    await expect.poll(() => isChecked('Trip Analytics')).toBe(false);
    await entry('Create Trip').getByText('Create Trip').click();
    await choose(page, 'Landing Page', 'Create Trip', 'Create Trip');
    await submitMenu().click();
    await page.getByText('Side menu updated successfully').waitFor();
    await page.waitForURL((url) => url.pathname === '/sidebar-menu');
    await page.getByRole('cell', { name: 'sidebar_menu_users_701_702' }).waitFor();
    const saved = await dataAs<{ extracontext: string[]; landingPage: string; userId: number[] }>(
      '/saas/data/onBoardingAPI/fetchSideBarMenuConfigById?companyId=1001&userId=701,702',
    );
    expect(saved).toMatchObject({
      extracontext: ['trips', 'create_trip'],
      landingPage: '/trips/create',
      userId: [701, 702],
    });
  });

  it('loads the menu of exactly one user and locks the field', async () => {
    await page.getByRole('button', { name: 'Set SideMenuBar' }).click();
    await page.waitForURL('**/sidebar-menu/add?*');
    await entry('Trip List').waitFor();
    await userIds().fill('999');
    await userIds().blur();
    await page.getByText('No sidebar menu found').waitFor();
    await expect.poll(() => userIds().isDisabled()).toBe(true);
    await form().getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => userIds().isDisabled()).toBe(false);

    // A menu stored for user 5150 alone, then loaded by typing that id.
    const token = await page.evaluate(() => localStorage.getItem('deskToken'));
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    await fetch(`${app.url}${callPath(sidebarMenuCalls.save)}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ companyId: 1001, extracontext: ['reports', 'trip_reports'], userId: [5150], enabled: 1 }),
    });
    await fetch(`${app.url}${callPath(dataCalls.updateLandingPage)}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ companyId: 1001, userId: [5150], landingPage: '/reports/trips', enabled: 1 }),
    });
    await userIds().fill('5150');
    await userIds().blur();
    await expect.poll(() => isChecked('Trip Reports')).toBe(true);
    expect(await isChecked('Reports')).toBe(true);
    expect(await isChecked('Trip List')).toBe(false);
    expect(await userIds().isDisabled()).toBe(true);
    await form().getByText('Trip Reports', { exact: true }).last().waitFor();
    // The form's layout is every form's: each label above its input, without a colon after it.
    for (const id of ['roles', 'userId', 'landingPage']) {
      const place = await page.evaluate((name) => {
        const label = document.querySelector(`label[for="root_${name}"]`)!;
        const input = document.getElementById(`root_${name}`)!.closest('.ant-form-item-control-input')!;
        return {
          labelBottom: label.getBoundingClientRect().bottom,
          inputTop: input.getBoundingClientRect().top,
          after: getComputedStyle(label, '::after').content,
        };
      }, id);
      expect(place.labelBottom, `${id}: label above input`).toBeLessThanOrEqual(place.inputTop);
      expect(place.after, `${id}: no colon`).not.toContain(':');
    }
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL((url) => url.pathname === '/sidebar-menu');
    expect(new URL(page.url()).searchParams.get('companyId')).toBe('1001');
  });

  it('edits the Admin override and hides role and user ids for a branch', async () => {
    await page.locator('.ant-table-tbody tr[data-row-key="sbm_tsl_admin"]').getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL('**/sidebar-menu/edit/sbm_tsl_admin?*');
    await page.getByText('Update Side Menu').waitFor();
    await expect.poll(() => isChecked('Trip Analytics')).toBe(true);
    expect(await userIds().isDisabled()).toBe(true);
    await entry('Indent List').getByText('Indent List').click();
    await submitMenu().click();
    await page.getByText('Side menu updated successfully').first().waitFor();
    await page.waitForURL((url) => url.pathname === '/sidebar-menu');
    const admin = await dataAs<{ extracontext: string[]; roles: number }>(
      callPath(dataCalls.sidebarConfigById, { companyId: 1001, id: 'sbm_tsl_admin' }),
    );
    expect(admin.roles).toBe(9);
    expect(admin.extracontext).toEqual(expect.arrayContaining(['indents', 'indent_list', 'trip_analytics']));

    const url = new URL(page.url());
    url.pathname = '/sidebar-menu/add';
    url.searchParams.set('branchId', '3101');
    url.searchParams.set('branchName', 'Jamshedpur');
    await page.goto(url.toString());
    await entry('Trip List').waitFor();
    expect(await form().getByLabel('Role of User').count()).toBe(0);
    expect(await userIds().count()).toBe(0);
    url.pathname = '/sidebar-menu';
    url.searchParams.delete('branchId');
    url.searchParams.delete('branchName');
    await page.goto(url.toString());
    await page.getByRole('cell', { name: 'sidebar_menu_Admin' }).waitFor();
  });
});

describe('dashboard settings', () => {
  type Row = { id: string; featureKey: string; enabled: boolean };
  const rows = () => dataAs<Row[]>(callPath(dashboardCalls.list, { companyId: 1001 }));

  it('choosing a role loads the menu stored for that role', async () => {
    const url = new URL(page.url());
    url.pathname = '/sidebar-menu/add';
    url.searchParams.delete('branchId');
    url.searchParams.delete('branchName');
    await page.goto(url.toString());
    await page.getByText('Set Side Menu').waitFor();
    await entry('Trip List').waitFor();
    expect(await isChecked('Trip Analytics')).toBe(false);
    await choose(page, 'Role of User', 'Admin', 'Admin');
    await expect.poll(() => isChecked('Trip Analytics')).toBe(true);
  });

  it('creates a PowerBI dashboard after the required messages', async () => {
    await page.getByRole('menuitem', { name: 'Dashboard Settings' }).click();
    await page.getByRole('cell', { name: 'powerbi', exact: true }).waitFor();
    await page.getByRole('cell', { name: 'looker', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add Dashboard' }).click();
    await page.waitForURL('**/dashboard-settings/add?*');
    await page.getByText('Create Dashboard Config').waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Please select dashboard type').waitFor();

    await choose(page, 'Dashboard Type', 'Power', 'PowerBI');
    await form().getByLabel('PowerBI ReportId').waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    for (const text of [
      'Please select menulist',
      'Please enter valid PowerBI ReportId',
      'Please enter valid PowerBI WorkspaceId',
      'Please enter valid PowerBI Rls Roles',
    ]) {
      await page.getByText(text, { exact: true }).waitFor();
    }
    await choose(page, 'Menu', 'Freight', 'Freight Analytics');
    await form().getByLabel('PowerBI ReportId').fill('rep-77');
    await form().getByLabel('PowerBI WorkspaceId').fill('ws-77');
    await choose(page, 'PowerBI Rls Roles', 'All', 'All');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Dashboard set successfully for companyIds [ 1001 ]').waitFor();
    await page.waitForURL((url) => url.pathname === '/dashboard-settings');
    expect((await rows()).filter((r) => r.featureKey === 'zoho')).toHaveLength(2);
  });

  it('keeps the last looker tab (its delete icon is disabled) and saves user ids and tabs', async () => {
    await page.getByRole('button', { name: 'Add Dashboard' }).click();
    await page.waitForURL('**/dashboard-settings/add?*');
    await choose(page, 'Dashboard Type', 'looker', 'looker');
    await form().getByLabel('Dashboard Id').waitFor();
    const removes = () => form().locator('button[id^="root_tabs_"][id$="__remove"]');
    expect(await removes().count()).toBe(1);
    expect(await removes().first().isDisabled()).toBe(true);
    await form().locator('#root_tabs__add').click();
    await expect.poll(() => removes().count()).toBe(2);
    expect(await removes().first().isDisabled()).toBe(false);
    await removes().last().click();
    await expect.poll(() => removes().first().isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Submit' }).click();
    for (const text of [
      'Please input userId',
      'Please enter valid dashboard workspace',
      'Please enter valid dashboard name',
    ]) {
      await page.getByText(text, { exact: true }).waitFor();
    }
    await form().getByLabel('User Ids').fill('31, 32');
    await form().getByLabel('Dashboard Id').fill('88');
    await form().getByLabel('Dashboard Name').fill('Dispatch');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Dashboard set successfully for companyIds [ 1001 ]').first().waitFor();
    await page.waitForURL((url) => url.pathname === '/dashboard-settings');
    const lookers = (await rows()).filter((r) => r.featureKey === 'looker');
    expect(lookers).toHaveLength(2);
    const created = lookers.find((r) => r.id !== 'dsh_tsl_looker')!;
    const record = await dataAs<{ extraContext: string }>(
      callPath(dashboardCalls.byId, { companyId: 1001, id: created.id }),
    );
    expect(JSON.parse(record.extraContext)).toEqual({
      enabled_users: [31, 32],
      dashboard_tab: [{ dashboard_id: '88', name: 'Dispatch' }],
    });
  });

  it('edits the seeded PowerBI dashboard', async () => {
    await page
      .locator('.ant-table-tbody tr[data-row-key="dsh_tsl_powerbi"]')
      .getByRole('link', { name: 'Edit' })
      .click();
    await page.waitForURL('**/dashboard-settings/edit/dsh_tsl_powerbi?*');
    await page.getByText('Update Dashboard Config').waitFor();
    await expect
      .poll(() => form().getByLabel('PowerBI ReportId').inputValue())
      .toBe('f3b1c2d4-8a7e-4c21-9d3b-5e6f7a8b9c01');
    await form().getByLabel('PowerBI ReportId').fill('rep-edited');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Dashboard set successfully for companyIds [ 1001 ]').first().waitFor();
    await page.waitForURL((url) => url.pathname === '/dashboard-settings');
    const record = await dataAs<{ extraContext: string }>(
      callPath(dashboardCalls.byId, { companyId: 1001, id: 'dsh_tsl_powerbi' }),
    );
    expect(JSON.parse(record.extraContext).trip_analytics).toMatchObject({
      reportId: 'rep-edited',
      rlsRoles: ['Shipper_Company_Trips'],
    });
  });

  it('toggles a dashboard after confirmation: No keeps it, Yes stores it', async () => {
    const seeded = () => page.locator('.ant-table-tbody tr', { has: page.getByRole('link', { name: 'Edit' }) }).first();
    await seeded().waitFor();
    const enabledOf = async () => (await rows()).find((r) => r.id === 'dsh_tsl_looker')!.enabled;
    const row = page.locator('.ant-table-tbody tr[data-row-key="dsh_tsl_looker"]');
    await row.getByRole('switch').click();
    await page.getByText('Are you sure want to disable/enable dashboard?').waitFor();
    await page.getByText('Enable Configuration').waitFor();
    await settled();
    await answer(page, 'No');
    expect(await enabledOf()).toBe(true);
    await row.getByRole('switch').click();
    await settled();
    await answer(page, 'Yes');
    await expect.poll(enabledOf).toBe(false);
    await expect.poll(() => row.getByRole('switch').getAttribute('aria-checked')).toBe('false');
  });
});
