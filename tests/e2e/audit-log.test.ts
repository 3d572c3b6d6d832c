import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiAs, callPath, choose, operatorSession, pickCompany, type RunningConsole, saveScreen } from './harness';
import { auditCalls } from '../../schemas/api';
import { configCopyCalls } from '../../schemas/api/config-copy';
import type { AuditPage } from '../../schemas/audit';

const session = operatorSession();
let app: RunningConsole;
let page: Page;
/** The vehicle the first test adds for the whole company (no branch). */
let vehicleId: string;
beforeAll(async () => {
  ({ app, page } = session);
  await pickCompany(page, 'Tata', 'Tata Steel Limited (CONSIGNOR)');
  await page.waitForURL(/companyId=1001/);
});

/** The audit table's rows on screen (not those of an opened row's changes table). */
const ROWS = '.ant-table-tbody > tr.ant-table-row:not(.ant-table-expanded-row tr)';
const rows = () => page.locator(ROWS);
/** Waits until every row on screen shows `text` (and at least one row is there). */
const allRowsShow = (text: string) =>
  page.waitForFunction(
    ([selector, expected]) => {
      const shown = [...document.querySelectorAll(selector)];
      return shown.length > 0 && shown.every((row) => row.textContent?.includes(expected));
    },
    [ROWS, text],
  );
/** Clears a filter's select as an operator does: hover it, press its clear icon. */
async function clear(label: string) {
  const select = page.locator('.ant-select', { has: page.getByLabel(label, { exact: true }) });
  await select.hover();
  await select.locator('.ant-select-clear').click();
}
/** What the server answers for the company's audit log with this query. */
const auditLog = (query: Record<string, string | number>) =>
  apiAs<AuditPage>(page, app.url, callPath(auditCalls.list, { c: '1001', t: 'CONSIGNOR', ...query }));
/** Posts a call's body with the page's desk token, as the console does; its answer's data. */
async function post<T>(call: Parameters<typeof callPath>[0], body: object): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('deskToken'));
  const res = await fetch(`${app.url}${callPath(call)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

describe('audit log', () => {
  it("shows the operator's change first, with its changed fields old → new", async () => {
    await page.getByRole('menuitem', { name: 'Vehicles' }).click();
    await page.getByLabel('Custom vehicle').fill('Audit Trail Reefer 32 ft');
    await page.getByRole('button', { name: 'Add Custom Vehicle' }).click();
    await page.locator('.ant-table-tbody tr', { hasText: 'Audit Trail Reefer 32 ft' }).waitFor();

    await page.getByRole('menuitem', { name: 'Audit Log' }).click();
    await page.waitForURL((url) => url.pathname === '/audit-log' && url.searchParams.get('companyId') === '1001');
    const first = rows().first();
    await first.filter({ hasText: 'Vehicle' }).waitFor();
    expect(await first.textContent()).toContain('Priya Sharma');
    expect(await first.textContent()).toContain('Created');
    await first.getByRole('button', { name: /expand row/i }).click();
    const detail = page.locator('.ant-table-expanded-row').first();
    await detail.getByText('Audit Trail Reefer 32 ft').waitFor();
    expect(await detail.textContent()).toContain('vehicles.create');
    expect(await detail.textContent()).toContain('ops@demo.local');
    expect(await detail.textContent()).toContain('→');
    // The record by its name in the row; its id in the detail.
    const vehicle = (await auditLog({ type: 'vehicle', size: 1 })).rows[0];
    vehicleId = vehicle.objectId;
    expect(vehicle.objectName).toBe('Audit Trail Reefer 32 ft');
    expect(await first.textContent()).toContain('Audit Trail Reefer 32 ft');
    expect(await detail.textContent()).toContain(vehicleId);
  });

  it('searches the log on the server, and a reload keeps the search and the filters (issue 4)', async () => {
    const search = page.getByRole('searchbox', { name: 'Search' });
    const asked = page.waitForRequest((req) => req.url().includes('audit_log/fetch') && req.url().includes('q=Reefer'));
    await search.fill('Reefer 32');
    await asked;
    const found = await auditLog({ q: 'Reefer 32' });
    expect(found.total).toBe(1);
    await page.getByText('1-1 of 1 changes').waitFor();
    await rows().first().filter({ hasText: 'Audit Trail Reefer 32 ft' }).waitFor();
    await choose(page, 'Object type', 'Vehic', 'Vehicle');
    await page.waitForURL((url) => url.searchParams.get('type') === 'vehicle');
    expect(new URL(page.url()).searchParams.get('q')).toBe('Reefer 32');

    await page.reload();
    await page.getByText('1-1 of 1 changes').waitFor();
    expect(await search.inputValue()).toBe('Reefer 32');
    await page
      .locator('.ant-select', { has: page.getByLabel('Object type', { exact: true }) })
      .getByText('Vehicle')
      .waitFor();
    await search.fill('');
    await clear('Object type');
    await page.waitForURL((url) => !url.searchParams.has('q') && !url.searchParams.has('type'));
  });

  it('filters by object type, by user and by date, and pages on the server', async () => {
    await choose(page, 'Object type', 'Rout', 'Route');
    await allRowsShow('Route');
    const routes = await auditLog({ type: 'route' });
    await page.getByText(`${routes.total} changes`).waitFor();

    await clear('Object type');
    await choose(page, 'User', 'Priya', 'Priya Sharma');
    await allRowsShow('Priya Sharma');
    expect(await rows().filter({ hasText: 'System' }).count()).toBe(0);
    await clear('User');

    // The seed's entries of the whole log span more than one page: the second page is the server's second page.
    const all = await auditLog({ page: 2 });
    expect(all.total).toBeGreaterThan(20);
    await page.getByText(`${all.total} changes`).waitFor();
    await page.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
    await rows()
      .first()
      .filter({ hasText: all.rows[0].objectName ?? all.rows[0].objectId })
      .waitFor();

    // A range of days before anything was recorded.
    await page.getByPlaceholder('From').fill('01/01/2020');
    await page.getByPlaceholder('From').press('Enter');
    // The days are India's (the zone times are shown in), whatever the browser's: from their first to last millisecond.
    const asked = page.waitForRequest(
      (r) => r.url().includes(auditCalls.list.path) && new URL(r.url()).searchParams.has('to'),
    );
    await page.getByPlaceholder('To').fill('31/01/2020');
    await page.getByPlaceholder('To').press('Enter');
    const range = new URL((await asked).url()).searchParams;
    expect(Number(range.get('from'))).toBe(Date.parse('2020-01-01T00:00:00+05:30'));
    expect(Number(range.get('to'))).toBe(Date.parse('2020-02-01T00:00:00+05:30') - 1);
    await page.getByText('No changes found for the given selection').waitFor();
  });

  it("narrows to the branch chosen in the filter bar, leaving out the whole company's changes", async () => {
    await page.goto(
      `${app.url}/audit-log?companyId=1001&companyName=Tata%20Steel%20Limited&companyType=CONSIGNOR&combinedName=Tata%20Steel%20Limited%20(CONSIGNOR)`,
    );
    await rows().first().waitFor();
    await choose(page, 'Branch', 'Jam', 'Jamshedpur');
    await page.waitForURL(/branchId=3101/);
    const branch = await auditLog({ b: '3101' });
    expect(branch.rows.every((row) => row.branchId === '3101')).toBe(true);
    await page.getByText(`${branch.total} changes`).waitFor();
    await rows()
      .first()
      .filter({ hasText: branch.rows[0].objectName ?? branch.rows[0].objectId })
      .waitFor();
    expect(branch.rows.some((row) => row.objectId === vehicleId)).toBe(false);
    expect(await rows().filter({ hasText: 'Audit Trail Reefer 32 ft' }).count()).toBe(0);
  });

  it("says where a copy came from and what a revert reverts, and offers no Revert on the system's entries", async () => {
    // Tata Steel's auto-closure rules copied to UltraTech Cement, as Compare and Copy does.
    const copy = { c: '1001', tc: '1003', items: [{ area: 'autoClosure' }] };
    const plan = await post<{ token: string }>(configCopyCalls.copyPreview, copy);
    await post(configCopyCalls.copyApply, { ...copy, token: plan.token });
    await page.goto(
      `${app.url}/audit-log?companyId=1003&companyName=UltraTech%20Cement%20Limited&companyType=CONSIGNOR&combinedName=UltraTech%20Cement%20Limited%20(CONSIGNOR)`,
    );
    const first = rows().first();
    await first.filter({ hasText: 'Copied from Tata Steel Limited by Priya Sharma' }).waitFor();
    // Opened, the row says it in full beside the change set.
    await first.getByRole('button', { name: /expand row/i }).click();
    const detail = page.locator('.ant-table-expanded-row').first();
    await detail.getByText('Copied from Tata Steel Limited by Priya Sharma').waitFor();
    await saveScreen(page, 'audit-log-provenance');
    await first.getByRole('button', { name: /collapse row/i }).click();
    // The demo data the system loaded: nothing an operator would revert.
    const system = rows().filter({ hasText: 'System' });
    expect(await system.count()).toBeGreaterThan(0);
    expect(await system.getByRole('button', { name: 'Revert' }).count()).toBe(0);

    // The newest entry reverted on its own: the revert's entry names it.
    const [copied] = (await auditLog({ c: '1003', size: 1 })).rows;
    await first.getByRole('button', { name: 'Revert' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Delete (it was created)').waitFor();
    await dialog.getByRole('button', { name: 'Revert' }).click();
    await page.getByText('Reverted: 1 record put back').waitFor();
    await first.filter({ hasText: `Revert of entry ${copied.id} by Priya Sharma` }).waitFor();
  });
});
