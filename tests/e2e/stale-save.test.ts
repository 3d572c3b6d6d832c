import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { apiAs, callPath, operatorSession, pickCompany, type RunningConsole } from './harness';
import { mainCalls, transporterCalls } from '../../schemas/api';
import { MSG } from '../../schemas/messages';

/**
 * No lost updates: an operator's form is saved after someone else changed the record behind its back. The save is
 * refused with the message, nothing changes, and Reload puts the other change in the form, which then saves.
 */

const session = operatorSession();
let app: RunningConsole;
let page: Page;
let companyId: string;
let search: string;
beforeAll(async () => {
  ({ app, page } = session);
  await pickCompany(page, 'Tata', 'Tata Steel Limited (CONSIGNOR)');
  await page.waitForURL(/companyId=/);
  search = new URL(page.url()).search;
  companyId = new URL(page.url()).searchParams.get('companyId')!;
});

/** Someone else's write through the API, with the operator's own desk token (another tab, another desk). */
async function writeBehindItsBack(method: string, path: string, body: unknown): Promise<void> {
  const token = await page.evaluate(() => localStorage.getItem('deskToken'));
  const res = await fetch(`${app.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}

/** Waits (up to the time a busy machine needs to load a page) until an input shows `value`. */
const shows = (input: Locator, value: string) => expect.poll(() => input.inputValue(), { timeout: 30_000 }).toBe(value);

/** The conflict dialog (the only dialog with a Reload button). */
const conflict = () => page.locator('.ant-modal:visible', { has: page.getByRole('button', { name: 'Reload' }) });

type Transporter = { id: string; transporterName: string; contactPerson: string; city: string };
type Route = { id: string; label: string; stt: number | null; updatedBy?: string; updatedAt?: number };

describe("a save over someone else's change", () => {
  it('on the transporter page is refused, and Reload loads their version, which then saves', async () => {
    const vrl = callPath(transporterCalls.byId, { c: companyId }, { id: 'trn_tsl_vrl' });
    await page.goto(`${app.url}/transporters/trn_tsl_vrl/edit${search}`);
    const form = page.locator('form');
    await shows(form.getByLabel('Contact Person'), 'Ravi Kulkarni');

    await writeBehindItsBack('PATCH', vrl, { contactPerson: 'Meera Iyer' });
    await form.getByLabel('Contact Person').fill('Anil Verma');
    await page.getByRole('button', { name: 'Update' }).click();
    await conflict().getByText(MSG.staleRecord).waitFor();
    expect((await apiAs<Transporter>(page, app.url, vrl)).contactPerson).toBe('Meera Iyer');
    expect(new URL(page.url()).pathname).toBe('/transporters/trn_tsl_vrl/edit');

    await conflict().getByRole('button', { name: 'Reload' }).click();
    await conflict().waitFor({ state: 'detached' });
    await shows(form.getByLabel('Contact Person'), 'Meera Iyer');
    await form.getByLabel('City').fill('Adityapur');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Saved successfully').first().waitFor();
    await page.waitForURL((url) => url.pathname === '/transporters');
    expect(await apiAs<Transporter>(page, app.url, vrl)).toMatchObject({
      contactPerson: 'Meera Iyer',
      city: 'Adityapur',
    });
  });

  it('in the routes quick-edit modal is refused, and Reload loads their version', async () => {
    const haldia = callPath(mainCalls.routes, { c: companyId, t: 'CONSIGNOR', id: 'rt_tsl_jsr_hal' });
    await page.goto(`${app.url}/routes${search}`);
    await page
      .locator('.ant-table-tbody tr', { hasText: 'Jamshedpur - Haldia Port' })
      .getByRole('button', { name: 'Quick edit' })
      .click();
    const modal = page.locator('.ant-modal:visible', { hasText: 'Update Route' });
    await shows(modal.getByLabel('STT (hours)'), '10');

    const [route] = await apiAs<Route[]>(page, app.url, haldia);
    const { updatedBy: _by, updatedAt: _at, ...fields } = route;
    await writeBehindItsBack('POST', callPath(mainCalls.saveRoute, { c: companyId, t: 'CONSIGNOR' }), {
      ...fields,
      stt: 720,
    });
    await modal.getByLabel('STT (hours)').fill('11');
    await modal.getByRole('button', { name: 'Update' }).click();
    await conflict().getByText(MSG.staleRecord).waitFor();
    expect((await apiAs<Route[]>(page, app.url, haldia))[0].stt).toBe(720);

    await conflict().getByRole('button', { name: 'Reload' }).click();
    await conflict().waitFor({ state: 'detached' });
    await shows(modal.getByLabel('STT (hours)'), '12');
  });
});
