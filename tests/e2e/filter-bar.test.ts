import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { choose, pickCompany, type RunningConsole, operatorSession } from './harness';

const session = operatorSession();
let app: RunningConsole;
let page: Page;
beforeAll(async () => {
  ({ app, page } = session);
});

const query = () => Object.fromEntries(new URL(page.url()).searchParams);

describe('filter bar', () => {
  it('searches companies from 3 characters and writes the selection into the query string', async () => {
    const company = page.getByLabel('Company', { exact: true });
    await company.click();
    await company.fill('Ta');
    await page.getByText('Type at least 3 characters').waitFor();
    await pickCompany(page, 'Tata', 'Tata Steel Limited (CONSIGNOR)');
    await page.waitForURL(/companyId=/);
    expect(query()).toMatchObject({
      companyName: 'Tata Steel Limited',
      companyType: 'CONSIGNOR',
      combinedName: 'Tata Steel Limited (CONSIGNOR)',
    });
    expect(await page.getByLabel('Consignor', { exact: true }).count()).toBe(0);
  });

  it('shows the names of a company and branch that a link names by id only', async () => {
    const here = new URL(page.url());
    await page.goto(`${app.url}/routes?companyId=1001&companyType=CONSIGNOR&branchId=3102`);
    await page
      .locator('.ant-select', { has: page.getByLabel('Company', { exact: true }) })
      .getByText('Tata Steel Limited (CONSIGNOR)')
      .waitFor();
    await page
      .locator('.ant-select', { has: page.getByLabel('Branch', { exact: true }) })
      .getByText('Kolkata')
      .waitFor();
    await page.goto(here.href);
  });

  it('branch then department; a new branch clears the department', async () => {
    await choose(page, 'Branch', 'Jam', 'Jamshedpur');
    await page.waitForURL(/branchId=/);
    await choose(page, 'Department');
    await page.waitForURL(/departmentId=/);
    expect(query().departmentName).toBeTruthy();
    await choose(page, 'Branch', 'Mum', 'Mumbai');
    await page.waitForURL((url) => !url.search.includes('departmentId='));
    expect(query().branchName).toBeTruthy();
  });

  it('menu navigation keeps the query string', async () => {
    const before = new URL(page.url()).search;
    await page.getByRole('menuitem', { name: 'Vehicles' }).click();
    await page.waitForURL('**/vehicle-master?*');
    expect(new URL(page.url()).search).toBe(before);
  });

  it('a transporter company shows the Consignor dropdown; changing company clears branch and consignor', async () => {
    await pickCompany(page, 'VRL', 'VRL Logistics Limited (TRANSPORTER)');
    await page.waitForURL(/companyType=TRANSPORTER/);
    expect(query().branchId).toBeUndefined();
    await choose(page, 'Consignor', 'Hindustan');
    await page.waitForURL(/consignorId=/);
    await pickCompany(page, 'Hindustan', 'Hindustan Unilever');
    await page.waitForURL((url) => !url.search.includes('consignorId='));
    expect(query().companyType).toBe('CONSIGNOR');
  });

  it('Reset Filter clears everything; User Id and Group Id show only on the configuration list paths', async () => {
    expect(await page.getByLabel('User Id').count()).toBe(0);
    await page.getByRole('button', { name: 'Reset Filter' }).click();
    await page.waitForURL((url) => !url.search.includes('companyId='));
    await page.getByText('Select a company to continue').waitFor();
  });
});
