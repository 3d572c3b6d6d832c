import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ALERT_COLUMNS } from '../../schemas/alert-bulk';
import { alertCalls } from '../../schemas/api';
import type { alertImpactCalls } from '../../schemas/api/alert-impact';
import type { DataOf } from '../../schemas/api/contract';
import { apiAs, callPath, operatorSession, pickCompany, type RunningConsole } from './harness';

const session = operatorSession();
let app: RunningConsole;
let page: Page;
beforeAll(async () => {
  ({ app, page } = session);
  await pickCompany(page, 'Tata', 'Tata Steel Limited (CONSIGNOR)');
  await page.waitForURL(/companyId=1001/);
});

type StoredAlert = { featureKey: string; enabled: boolean; extraContext: string };
const storedAlerts = () => apiAs<StoredAlert[]>(page, app.url, callPath(alertCalls.list, { companyId: '1001' }));

/** The counts table's figures of an alert type, summed over its levels: as it is and as it would be. */
async function counts(dialog: ReturnType<Page['getByRole']>, label: string) {
  const rows = await dialog
    .getByRole('table', { name: 'Alert counts' })
    .locator('tr.ant-table-row', { hasText: label })
    .allInnerTexts();
  return rows
    .map((text) => text.split('\t').map((cell) => cell.trim()))
    .reduce((sum, cells) => ({ before: sum.before + Number(cells[2]), after: sum.after + Number(cells[3]) }), {
      before: 0,
      after: 0,
    });
}

describe('preview impact of alert settings (issue 25)', () => {
  it('raises the long stoppage threshold on a list row: fewer long stoppages, the trips named and replayed, nothing saved', async () => {
    const saved = await storedAlerts();
    await page.getByRole('menuitem', { name: 'Alert Settings' }).click();
    await page.waitForURL((url) => url.pathname === '/alert-settings' && url.searchParams.get('companyId') === '1001');
    const row = page
      .locator('tr.ant-table-row')
      .filter({ has: page.getByRole('cell', { name: 'long_stoppage', exact: true }) });
    await row.getByRole('button', { name: 'Preview impact' }).click();
    const dialog = page.getByRole('dialog', { name: /Preview impact: Long stoppage/ });
    // Level 1 at three hours on every trip length: the demo's stops of two and a half hours are no longer alerts.
    for (const size of ['trips under 100 km', 'trips under 500 km', 'longer trips'])
      await dialog.getByLabel(`Level 1, ${size}`).fill('180');
    await dialog.getByRole('button', { name: 'Run preview' }).click();
    await dialog.getByTestId('impact-result').waitFor({ timeout: 60_000 });

    const long = await counts(dialog, 'Long stoppage');
    expect(long.after).toBeLessThan(long.before);
    const trips = dialog.getByRole('table', { name: 'Trips whose alerts change' }).locator('tr.ant-table-row');
    expect(await trips.count()).toBeGreaterThan(0);
    expect(await trips.first().innerText()).toMatch(/TRP1001/);

    // A trip replayed with both sets marked: the long stoppage the raised threshold drops is 'Removed'.
    // The replay's two sets as the server answers them (the table below pages, the figures count them all).
    const listed = await trips.first().innerText();
    const answered = page.waitForResponse((res) => /\/alert_impact\/[^/]+\/trips\/[^/?]+/.test(res.url()));
    await trips
      .first()
      .getByRole('button', { name: /^Replay trip/ })
      .click();
    const { data: sets }: { data: DataOf<typeof alertImpactCalls.trip> } = await (await answered).json();
    // In place, inside the preview's own dialog: no dialog on a dialog.
    const replay = dialog.getByRole('region', { name: /^Replay of trip TRP1001/ });
    await replay.getByTestId('trip-replay').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(1);
    expect(await dialog.getByTestId('impact-result').isVisible()).toBe(false);
    await replay.getByRole('table', { name: 'Alerts' }).getByText('Removed').first().waitFor();
    // Its figures count both sets: the alerts as it is and as it would be.
    expect(await replay.getByTestId('trip-figures').textContent()).toContain(
      `Alerts, before → after${sets.before.length} → ${sets.after.length}`,
    );
    // Back: the result as it was left, the same trips listed.
    // Back (focused first, so Enter takes it) returns focus to the trip's Replay.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Back');
    await page.keyboard.press('Enter');
    await replay.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toMatch(/^Replay trip TRP1001/);
    await dialog.getByTestId('impact-result').waitFor();
    expect(await trips.first().innerText()).toBe(listed);

    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await storedAlerts()).toEqual(saved);
  });

  it('names the sheet row and the field a preview refuses, before anything is saved', async () => {
    await page.getByRole('button', { name: 'Bulk Alert Upload' }).click();
    await page.waitForURL((url) => url.pathname === '/alert-settings/upload');
    const header = ALERT_COLUMNS.map(([key]) => key);
    const line = (values: Record<string, string>) => header.map((key) => values[key] ?? '').join(',');
    await page.locator('input[type=file]').setInputFiles({
      name: 'alerts.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `${[
          header.join(','),
          line({
            Alert_Name: 'long_stoppage',
            longstoppage_l1_short: '180',
            longstoppage_l1_mid: '180',
            longstoppage_l1_long: '180',
          }),
          line({ Alert_Name: 'over_speeding', Buffer: 'ten' }),
        ].join('\n')}\n`,
      ),
    });
    // The refused row is named by its number as the sheet shows it.
    const refused = page.locator('[data-testid=sheet] td[data-x="2"]', { hasText: 'over_speeding' });
    await refused.waitFor();
    const shown = Number(await refused.getAttribute('data-y')) + 1;
    await page.getByRole('button', { name: 'Preview impact' }).click();
    const dialog = page.getByRole('dialog', { name: /Preview impact of the sheet \(2 rows\)/ });
    await dialog.getByRole('button', { name: 'Run preview' }).click();
    await dialog.getByRole('alert').getByText(`Row ${shown}: Buffer must be a number of 0 or more`).waitFor();
    expect(await dialog.getByTestId('impact-result').count()).toBe(0);
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  });
});
