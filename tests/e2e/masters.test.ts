import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { answer, apiAs, choose, pickCompany, type RunningConsole, operatorSession, callPath } from './harness';
import { routeMasterCalls } from '../../schemas/api';

const session = operatorSession();
let app: RunningConsole;
let page: Page;
let companyId: string;
beforeAll(async () => {
  ({ app, page } = session);
  await pickCompany(page, 'Hindustan', 'Hindustan Unilever');
  await page.waitForURL(/companyId=/);
  companyId = new URL(page.url()).searchParams.get('companyId')!;
});

/**
 * A field of the screen's forms by its exact label. Looked up in the forms only: a list's sortable header carries its
 * title (Material, Vehicle) as a label too.
 */
const field = (label: string) => page.locator('form').getByLabel(label, { exact: true });

/** Whether the shown rows' first cells are in ascending or descending order (as the list compares text). */
const inOrder = () =>
  page.locator('.ant-table-tbody tr.ant-table-row').evaluateAll((rows) => {
    const texts = rows.map((row) => row.querySelector('td')?.textContent ?? '');
    const pairs = texts.slice(1).map((text, i) => texts[i].localeCompare(text));
    return { rows: texts.length > 1, ascending: pairs.every((c) => c <= 0), descending: pairs.every((c) => c >= 0) };
  });

const labels = async (path: string) =>
  (await apiAs<{ label: string }[]>(page, app.url, `${path}?c=${companyId}&t=CONSIGNOR`)).map((r) => r.label);

describe('materials', () => {
  it('validates the custom material and adds and deletes one', async () => {
    await page.getByRole('menuitem', { name: 'Materials' }).click();
    await page.getByRole('button', { name: 'Add Custom Material' }).click();
    await page.getByText('Please enter material').waitFor();
    await field('Material').fill('x'.repeat(65));
    await page.getByRole('button', { name: 'Add Custom Material' }).click();
    await page.getByText('Maximum 64 character allowed').waitFor();
    await field('Material').fill('   ');
    await page.getByRole('button', { name: 'Add Custom Material' }).click();
    await page.getByText('Blank spaces not allowed').waitFor();
    expect(await labels('/saas/lego/company_materials/fetch')).not.toContain('x'.repeat(65));

    await field('Material').fill('Detergent Cartons');
    await page.getByRole('button', { name: 'Add Custom Material' }).click();
    await page.getByText('Submitted successfully').waitFor();
    await page.locator('.ant-table-tbody tr', { hasText: 'Detergent Cartons' }).waitFor();
    // Cleared for the next entry and pristine again: no required message for the field just emptied.
    await expect.poll(() => field('Material').inputValue()).toBe('');
    expect(await page.getByText('Please enter material').count()).toBe(0);
    expect(await labels('/saas/lego/company_materials/fetch')).toContain('Detergent Cartons');

    await page.getByRole('button', { name: 'Add Material' }).click();
    await page.getByText('Please select material').waitFor();
    await choose(page, 'Master material', 'Cement');
    await page.getByRole('button', { name: 'Add Material' }).click();
    await page.getByText('Submitted successfully').first().waitFor();

    await page
      .locator('.ant-table-tbody tr', { hasText: 'Detergent Cartons' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await answer(page, 'No');
    expect(await labels('/saas/lego/company_materials/fetch')).toContain('Detergent Cartons');
    await page
      .locator('.ant-table-tbody tr', { hasText: 'Detergent Cartons' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await answer(page, 'Yes');
    await page.getByText('Deleted successfully').waitFor();
    expect(await labels('/saas/lego/company_materials/fetch')).not.toContain('Detergent Cartons');
  });

  it('sorts the materials by the Material header, both ways', async () => {
    const header = page.getByRole('columnheader', { name: 'Material' });
    await header.click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(() => inOrder()).toEqual({ rows: true, ascending: true, descending: false });
    await header.click();
    await expect.poll(() => inOrder()).toEqual({ rows: true, ascending: false, descending: true });
  });
});

describe('vehicles', () => {
  it('picks a standard vehicle by body type, length and weight, adds a custom one, deletes', async () => {
    await page.getByRole('menuitem', { name: 'Vehicles' }).click();
    await page.getByRole('button', { name: 'Add Vehicle' }).click();
    await page.getByText('Please enter vehicle type').waitFor();
    await page.getByRole('button', { name: 'Add Custom Vehicle' }).click();
    await page.getByText('Please enter custom vehicle').waitFor();

    await choose(page, 'Body Type');
    const bodyType = await field('Body Type')
      .locator('xpath=ancestor::div[contains(@class,"ant-select")][1]')
      .textContent();
    await choose(page, 'Length');
    await choose(page, 'Weight');
    await page.getByRole('button', { name: 'Add Vehicle' }).click();
    await page.getByText('Vehicle created succesfully').waitFor();
    expect((await labels('/saas/lego/company_vehicles/fetch')).some((l) => l.includes(bodyType!.trim()))).toBe(true);

    await field('Custom vehicle').fill('32 ft MXL Closed Reefer');
    await page.getByRole('button', { name: 'Add Custom Vehicle' }).click();
    await page.locator('.ant-table-tbody tr', { hasText: '32 ft MXL Closed Reefer' }).waitFor();
    await page
      .locator('.ant-table-tbody tr', { hasText: '32 ft MXL Closed Reefer' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await answer(page, 'Yes');
    await page.getByText('Deleted Vehicle record successfully').waitFor();
    expect(await labels('/saas/lego/company_vehicles/fetch')).not.toContain('32 ft MXL Closed Reefer');

    const header = page.getByRole('columnheader', { name: 'Vehicle' });
    await header.click();
    await expect.poll(() => inOrder()).toEqual({ rows: true, ascending: true, descending: false });
  });
});

describe('route master', () => {
  it('adds an entry with every rule checked and lists it in rupees', async () => {
    await page.getByRole('menuitem', { name: 'Route Master' }).click();
    await page.getByRole('columnheader', { name: 'Freight Cost' }).waitFor();
    await page.getByRole('button', { name: 'Add New Entry' }).click();
    await page.waitForURL('**/route-master/add?*');
    await field('Route').waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    for (const text of [
      'Please select route',
      'Please select transporter',
      'Please select vehicle type',
      'Please enter freight cost',
      'Please select unit',
      'Please select valid from date',
      'Please select material type',
    ]) {
      await page.getByText(text, { exact: true }).waitFor();
    }
    await choose(page, 'Route');
    await choose(page, 'Transporter');
    await choose(page, 'Vehicle Type');
    await choose(page, 'Material Type');
    await field('Freight Cost (₹)').fill('1234567');
    await field('Per Truck').check();
    await field('Valid From').fill('01/12/2026');
    await field('Valid From').press('Tab');
    await field('Loading Fee (₹)').fill('-5');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Please enter a number greater than 0').waitFor();
    await field('Loading Fee (₹)').fill('1500');
    await field('Standard Transit Time (hours)').fill('20');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Route master added successfully').waitFor();
    await page.waitForURL((url) => url.pathname === '/route-master');
    await page.locator('.ant-table-tbody tr', { hasText: '₹12,34,567' }).waitFor();
    expect(await page.locator('.ant-table-tbody tr', { hasText: '₹12,34,567' }).textContent()).toContain('01/12/2026');

    type Entry = { loadType: string; data: { key: string; value: number; unit: string }[] };
    const entries = await apiAs<Entry[]>(
      page,
      app.url,
      callPath(routeMasterCalls.list, { c: companyId, t: 'CONSIGNOR', pt: 'TRANSPORTER' }),
    );
    const entry = entries.find((e) => e.data.some((d) => d.key === 'ROUTE_COST' && d.value === 1234567))!;
    expect(entry.loadType).toBe('FTL');
    expect(entry.data).toEqual(
      expect.arrayContaining([
        { key: 'ROUTE_COST', value: 1234567, unit: 'TRUCK' },
        { key: 'LOADING_FEE', value: 1500, unit: 'FIXED' },
        { key: 'STANDARD_TRANSIT_TIME', value: 1200, unit: 'FIXED' },
      ]),
    );
  });
});
