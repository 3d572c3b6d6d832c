import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiAs, callPath, choose, operatorSession, pickCompany, type RunningConsole } from './harness';
import { configCopyCalls, type Comparison } from '../../schemas/api/config-copy';
import { proposalCalls, type Proposal } from '../../schemas/api/proposals';
import { COPY_RESOURCE } from '../../schemas/proposal';

const session = operatorSession();
let app: RunningConsole;
let page: Page;
beforeAll(async () => {
  ({ app, page } = session);
  await pickCompany(page, 'Tata', 'Tata Steel Limited (CONSIGNOR)');
  await page.waitForURL(/companyId=1001/);
});

/** How the server compares Tata Steel's alert `key` with Hindustan Unilever's now. */
async function alertState(key: string) {
  const comparison = await apiAs<Comparison>(
    page,
    app.url,
    callPath(configCopyCalls.compare, { c: '1001', rc: '1002' }),
  );
  return comparison.areas.find((area) => area.area === 'alerts')?.items.find((item) => item.key === key)?.state;
}

/** The alert settings area's row of an item. */
const alertRow = (label: string) =>
  page
    .locator('.ant-collapse-item', { hasText: 'Alert settings' })
    .locator('tr.ant-table-row')
    .filter({ has: page.getByRole('cell', { name: label, exact: true }) });

describe('compare, copy and revert (issue 24)', () => {
  it('compares two companies, previews a copy that writes nothing, then applies it', async () => {
    await page.getByRole('menuitem', { name: 'Compare and Copy' }).click();
    await page.waitForURL((url) => url.pathname === '/compare' && url.searchParams.get('companyId') === '1001');
    await choose(page, 'Compare with company', 'Hindustan', 'Hindustan Unilever Limited');
    const detention = alertRow('Detention');
    await detention.getByText('Only in Tata Steel Limited').waitFor();
    // Both sides are in the address: a reload compares the same two companies, each named in its box.
    await page.waitForURL((url) => url.searchParams.get('compareCompanyId') === '1002');
    await page.reload();
    await page
      .locator('.ant-select', { has: page.getByLabel('Compare with company', { exact: true }) })
      .locator('[title="Hindustan Unilever Limited (CONSIGNOR)"]')
      .waitFor();
    expect(new URL(page.url()).searchParams.get('companyId')).toBe('1001');
    await detention.getByText('Only in Tata Steel Limited').waitFor();
    // Its fields side by side.
    await detention.getByRole('button', { name: /expand row/i }).click();
    // Named in words: the alert by its type's name, its feature_key column as its Alert.
    await page.locator('.ant-table-expanded-row').getByRole('cell', { name: 'Alert', exact: true }).first().waitFor();

    await detention.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Preview copy (1)' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Nothing has been written yet').waitFor();
    expect(await dialog.locator('tr.ant-table-row', { hasText: 'Detention' }).textContent()).toContain('Create');
    expect(await alertState('detention')).toBe('left');

    // Proposed for Hindustan Unilever's review instead (issue 39): stored, nothing written.
    await dialog.getByRole('button', { name: 'Propose copy' }).click();
    const propose = page.getByRole('dialog', { name: 'Propose change' });
    await propose.getByRole('button', { name: 'Propose change' }).click();
    await page
      .getByText(/Change proposed for review/)
      .first()
      .waitFor();
    const waiting = await apiAs<Proposal[]>(
      page,
      app.url,
      callPath(proposalCalls.list, { c: '1002', state: 'proposed' }),
    );
    expect(waiting[0]).toMatchObject({
      title: 'Copy from Tata Steel Limited',
      items: [{ resource: COPY_RESOURCE, action: 'create', body: expect.objectContaining({ c: '1001' }) }],
    });
    expect(await alertState('detention')).toBe('left');

    // Or applied at once.
    await page.getByRole('button', { name: 'Preview copy (1)' }).click();
    await dialog.getByText('Nothing has been written yet').waitFor();
    await dialog.getByRole('button', { name: 'Apply copy (1)' }).click();
    await page.getByText('Copied to Hindustan Unilever Limited: 1 created, 0 overwritten').waitFor();
    expect(await alertState('detention')).toBe('same');
    // The differences no longer list it.
    await expect.poll(() => alertRow('Detention').count()).toBe(0);
  });

  it('reverts the copy from the audit log, after showing what it writes', async () => {
    await pickCompany(page, 'Hindustan', 'Hindustan Unilever Limited (CONSIGNOR)');
    await page.getByRole('menuitem', { name: 'Audit Log' }).click();
    await page.waitForURL((url) => url.pathname === '/audit-log' && url.searchParams.get('companyId') === '1002');
    const first = page.locator('.ant-table-tbody > tr.ant-table-row').first();
    await first.filter({ hasText: 'Alert' }).waitFor();
    await first.getByRole('button', { name: 'Revert' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Delete (it was created)').waitFor();
    expect(await alertState('detention')).toBe('same');
    await dialog.getByRole('button', { name: 'Revert' }).click();
    await page.getByText('Reverted: 1 record put back').waitFor();
    expect(await alertState('detention')).toBe('left');
    // The revert is itself in the audit log, first.
    await expect.poll(() => first.textContent()).toContain('Deleted');
  });
});
