import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { answer, apiAs, pickCompany, type RunningConsole, operatorSession, callPath } from './harness';
import { transporterCalls } from '../../schemas/api';

const session = operatorSession();
let app: RunningConsole;
let page: Page;
let companyId: string;
beforeAll(async () => {
  ({ app, page } = session);
  await pickCompany(page, 'Tata', 'Tata Steel Limited (CONSIGNOR)');
  await page.waitForURL(/companyId=/);
  companyId = new URL(page.url()).searchParams.get('companyId')!;
});

type Transporter = {
  id: string;
  transporterName: string;
  active: boolean;
  phoneNumber: string;
  logoUrl: string | null;
};
const stored = async () => apiAs<Transporter[]>(page, app.url, callPath(transporterCalls.list, { c: companyId }));

/** The form on the page (the filter bar has its own Branch). */
const form = () => page.locator('form');

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('transporters', () => {
  it('adds a transporter with a logo after the required-field messages', async () => {
    await page.getByRole('menuitem', { name: 'Transporters' }).click();
    await page.getByRole('columnheader', { name: 'Transporter name' }).waitFor();
    await page.getByRole('button', { name: 'Add Transporters' }).click();
    await page.waitForURL('**/transporters/add?*');
    await page.getByRole('button', { name: 'Submit' }).click();
    for (const text of [
      'Please enter transporter name',
      'Please enter branch',
      'Please enter address',
      'Please enter state',
      'Please enter city',
      'Please enter contact person',
      'Please enter mobile number',
    ]) {
      await page.getByText(text, { exact: true }).waitFor();
    }
    await form().getByLabel('Transporter Name').fill('Sharma Roadlines');
    await form().getByLabel('Branch', { exact: true }).fill('Jamshedpur');
    await form().getByLabel('Contact Person').fill('Rakesh Sharma');
    await form().getByLabel('Mobile Number').fill('12345');
    await form().getByLabel('Address', { exact: true }).fill('Plot 14, Adityapur Industrial Area');
    await form().getByLabel('City').fill('Jamshedpur');
    await form().getByLabel('State').fill('Jharkhand');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Please enter a valid 10 digit mobile number').waitFor();
    await form().getByLabel('Mobile Number').fill('9876543210');
    await page.locator('input[type=file]').setInputFiles({ name: 'sharma.png', mimeType: 'image/png', buffer: PNG });
    await form().getByRole('img', { name: 'Logo', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Saved successfully').waitFor();
    await page.waitForURL((url) => url.pathname === '/transporters');
    const created = (await stored()).find((t) => t.transporterName === 'Sharma Roadlines')!;
    expect(created.phoneNumber).toBe('9876543210');
    expect(created.logoUrl).toBeTruthy();
    const logo = await fetch(`${app.url}${created.logoUrl}`);
    expect(logo.headers.get('content-type')).toContain('image/png');
    expect(Buffer.from(await logo.arrayBuffer())).toEqual(PNG);
  });

  it('edits it, toggles Active with confirmation (No keeps it, Yes stores it) and deletes it', async () => {
    const row = () => page.locator('.ant-table-tbody tr', { hasText: 'Sharma Roadlines' });
    await row().getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(/\/transporters\/[^/]+\/edit/);
    await expect.poll(() => form().getByLabel('Contact Person').inputValue()).toBe('Rakesh Sharma');
    await form().getByLabel('Contact Person').fill('Anita Sharma');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Saved successfully').first().waitFor();
    await page.waitForURL((url) => url.pathname === '/transporters');
    await row().getByText('Anita Sharma').waitFor();

    await row().getByRole('switch').click();
    await answer(page, 'No');
    expect((await stored()).find((t) => t.transporterName === 'Sharma Roadlines')?.active).toBe(true);
    await row().getByRole('switch').click();
    await answer(page, 'Yes');
    await page.waitForFunction(
      () => document.querySelector('.ant-table-tbody tr .ant-switch:not(.ant-switch-checked)') !== null,
    );
    expect((await stored()).find((t) => t.transporterName === 'Sharma Roadlines')?.active).toBe(false);

    await row().getByRole('button', { name: 'Delete' }).click();
    await answer(page, 'Yes');
    await page.getByText('Successfully deleted !').waitFor();
    expect((await stored()).some((t) => t.transporterName === 'Sharma Roadlines')).toBe(false);
  });

  it('View Transporters lists the transporters linked to the company', async () => {
    await page.getByRole('button', { name: 'View Transporters' }).click();
    await page
      .locator('.ant-drawer', { hasText: 'Transporters linked to this company' })
      .locator('.ant-table-row')
      .first()
      .waitFor();
  });
});
