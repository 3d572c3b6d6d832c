import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { alertCalls } from '../../schemas/api';
import { proposalCalls, type Proposal } from '../../schemas/api/proposals';
import { callsOf } from '../../schemas/api/resources';
import { holidays } from '../../schemas/resources/holidays';
import { apiAs, callPath, login, operatorSession, pickCompany, saveScreen, type RunningConsole } from './harness';

const session = operatorSession();
let app: RunningConsole;
/** Priya Sharma's desk (the session's), which proposes; Meera Nair's, which reviews. */
let priya: Page;
let meera: Page;

const TATA = 'Tata Steel Limited (CONSIGNOR)';

beforeAll(async () => {
  ({ app, page: priya } = session);
  await pickCompany(priya, 'Tata', TATA);
  await priya.waitForURL(/companyId=1001/);
  meera = await app.browser.newPage();
  await login(meera, app.url, 'ops2@demo.local');
  await meera.getByText('Select a company to continue').waitFor();
  await pickCompany(meera, 'Tata', TATA);
  await meera.waitForURL(/companyId=1001/);
});

type StoredAlert = { id: string; featureKey: string; extraContext: string };
/** Tata Steel's long stoppage settings as stored: level 1's thresholds. */
async function longStoppage(): Promise<unknown> {
  // The data family answers in `{status, result: {data}}`.
  const token = await priya.evaluate(() => localStorage.getItem('deskToken'));
  const res = await fetch(`${app.url}${callPath(alertCalls.list, { companyId: '1001' })}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const alerts = ((await res.json()) as { result: { data: StoredAlert[] } }).result.data;
  const stored = alerts.find((alert) => alert.featureKey === 'long_stoppage');
  return JSON.parse(stored?.extraContext ?? '[{}]')[0].longstoppage_l1;
}

/** A proposal of Tata Steel as the API answers it to Meera's desk. */
const proposal = async (id: string) =>
  (await apiAs<{ proposal: Proposal }>(meera, app.url, callPath(proposalCalls.get, { c: '1001' }, { id }))).proposal;

/** A minute ahead (and a little), as IST's wall clock in the picker's format: 'DD/MM/YYYY HH:mm IST'. */
function aMinuteAheadIst(): string {
  const at = new Date(Date.now() + 61_000 + 330 * 60_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(at.getUTCDate())}/${two(at.getUTCMonth() + 1)}/${at.getUTCFullYear()} ${two(at.getUTCHours())}:${two(at.getUTCMinutes())} IST`;
}

describe('changes proposed, reviewed and applied at a time (issue 39)', () => {
  it('an alert threshold proposed by one desk, reviewed with its impact by another, scheduled a minute ahead, applied, in the audit log and reverted', async () => {
    const before = await longStoppage();
    expect(before).toEqual({ short: 30, mid: 60, long: 120 });

    // Priya tries three hours for level 1 in the row's 'Preview impact' and proposes it instead of saving.
    await priya.getByRole('menuitem', { name: 'Alert Settings' }).click();
    const row = priya
      .locator('tr.ant-table-row')
      .filter({ has: priya.getByRole('cell', { name: 'long_stoppage', exact: true }) });
    await row.getByRole('button', { name: 'Preview impact' }).click();
    const tried = priya.getByRole('dialog', { name: /Preview impact: Long stoppage/ });
    for (const size of ['trips under 100 km', 'trips under 500 km', 'longer trips'])
      await tried.getByLabel(`Level 1, ${size}`).fill('180');
    await tried.getByRole('button', { name: 'Propose change' }).click();
    const propose = priya.getByRole('dialog', { name: 'Propose change' });
    await propose.getByLabel('Title').fill('Long stoppage level 1 at three hours');
    await propose.getByLabel('Comment for the reviewer').fill('Drivers rest longer on the new Jamshedpur lanes');
    await propose.getByRole('button', { name: 'Propose change' }).click();
    await priya
      .getByText(/Change proposed for review/)
      .first()
      .waitFor();
    // Nothing applied.
    expect(await longStoppage()).toEqual(before);

    // Meera's badge counts it; she reads it in words, with its impact on Tata Steel's past trips.
    await meera.reload();
    const changes = meera.getByRole('menuitem', { name: /Changes/ });
    await changes.getByText('1', { exact: true }).waitFor();
    await changes.click();
    await meera.getByRole('button', { name: 'Long stoppage level 1 at three hours' }).click();
    const drawer = meera.getByRole('dialog', { name: 'Long stoppage level 1 at three hours' });
    await drawer.getByText('Drivers rest longer on the new Jamshedpur lanes').waitFor();
    await drawer.getByRole('cell', { name: 'Settings: longstoppage_l1.short', exact: true }).waitFor();
    await saveScreen(meera, 'changes-review');
    await drawer.getByRole('button', { name: 'Preview impact' }).click();
    const impact = meera.getByRole('dialog', { name: /Preview impact of the proposal/ });
    await impact.getByRole('button', { name: 'Run preview' }).click();
    await impact.getByTestId('impact-result').waitFor({ timeout: 60_000 });
    await saveScreen(meera, 'changes-impact');
    await impact.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await impact.waitFor({ state: 'hidden' });

    // She approves it and schedules it a minute ahead (IST).
    await drawer.getByLabel('Review comment').fill('Agreed with the plant');
    await drawer.getByRole('button', { name: 'Approve' }).click();
    await meera.getByText('Change approved').waitFor();
    const picker = drawer.getByLabel('Apply at (IST)');
    await picker.click();
    await picker.fill(aMinuteAheadIst());
    await picker.press('Enter');
    await drawer.getByRole('button', { name: 'Schedule' }).click();
    await meera.getByText(/Change scheduled for/).waitFor();
    const id = new URL(meera.url()).searchParams.get('proposal') ?? '';
    expect((await proposal(id)).state).toBe('scheduled');
    expect(await longStoppage()).toEqual(before);

    // The sweep applies it once due: one change set of the audit log, named after the proposal.
    await expect.poll(async () => (await proposal(id)).state, { timeout: 150_000, interval: 1000 }).toBe('applied');
    expect(await longStoppage()).toEqual({ short: 180, mid: 180, long: 180 });
    await meera.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await meera.getByRole('menuitem', { name: 'Audit Log' }).click();
    const first = meera.locator('tr.ant-table-row').first();
    await first.filter({ hasText: "Applied proposal 'Long stoppage level 1 at three hours' by Meera Nair" }).waitFor();

    // Reverted like any change.
    await first.getByRole('button', { name: 'Revert' }).click();
    const revert = meera.getByRole('dialog');
    await revert.getByText('Put back').waitFor();
    await revert.getByRole('button', { name: 'Revert' }).click();
    await meera.getByText('Reverted: 1 record put back').waitFor();
    expect(await longStoppage()).toEqual(before);
    // A minute's wait for the schedule, and a sweep every ten seconds.
  }, 240_000);

  it("makes Save 'Propose change' on the forms of an area the company reviews, and proposes what Save would send", async () => {
    // Priya has Tata Steel's Holiday Calendar changed by review only.
    await priya.getByRole('menuitem', { name: /Changes/ }).click();
    await priya.getByRole('button', { name: 'Review settings' }).click();
    const settings = priya.getByRole('dialog', { name: /Review settings/ });
    await settings.getByRole('checkbox', { name: 'Holiday Calendar' }).check();
    await saveScreen(priya, 'changes-review-settings');
    await settings.getByRole('button', { name: 'Save' }).click();
    await priya.getByText('Review settings saved').waitFor();

    // Holi's form has no Save: 'Propose change' stands for it, and proposes what Save would have sent.
    await priya.getByRole('menuitem', { name: 'Holiday Calendar' }).click();
    await priya.locator('tr.ant-table-row').filter({ hasText: 'Holi' }).getByRole('button', { name: 'Edit' }).click();
    await priya.getByText('Edit holiday').first().waitFor();
    const form = priya.locator('form');
    await expect.poll(() => form.getByLabel('Name', { exact: true }).inputValue()).toBe('Holi');
    await form.getByRole('button', { name: 'Propose change' }).waitFor();
    expect(await form.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await form.getByLabel('Name', { exact: true }).fill('Holi (Dhulandi)');
    await saveScreen(priya, 'changes-form-propose');
    await form.getByRole('button', { name: 'Propose change' }).click();
    const propose = priya.getByRole('dialog', { name: 'Propose change' });
    await propose.getByRole('button', { name: 'Propose change' }).click();
    await priya
      .getByText(/Change proposed for review/)
      .first()
      .waitFor();

    const waiting = await apiAs<Proposal[]>(
      priya,
      app.url,
      callPath(proposalCalls.list, { c: '1001', state: 'proposed' }),
    );
    const proposed = waiting.find((p) => p.title === 'Holiday Calendar: change');
    expect(proposed?.items).toEqual([
      {
        resource: 'holidays',
        action: 'update',
        id: 'hol_tsl_holi',
        version: 1,
        body: expect.objectContaining({ name: 'Holi (Dhulandi)', date: '2027-03-22' }),
      },
    ]);
    // The holiday itself is unchanged.
    const holi = await apiAs<{ name: string }>(
      priya,
      app.url,
      callPath(callsOf(holidays).byId, { c: '1001' }, { id: 'hol_tsl_holi' }),
    );
    expect(holi.name).toBe('Holi');

    // Its list's rows have 'Propose delete' instead of Delete.
    await priya.getByRole('menuitem', { name: 'Holiday Calendar' }).click();
    const karam = priya.locator('tr.ant-table-row').filter({ hasText: 'Karam Puja' });
    await karam.getByRole('button', { name: 'Propose delete' }).click();
    expect(await karam.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
    await priya.getByRole('dialog', { name: 'Propose change' }).getByRole('button', { name: 'Propose change' }).click();
    await priya
      .getByText(/Change proposed for review/)
      .first()
      .waitFor();
    // The toast of the form's proposal may still show: the proposal is waited for in the list.
    const removal = async () =>
      (await apiAs<Proposal[]>(priya, app.url, callPath(proposalCalls.list, { c: '1001', state: 'proposed' }))).find(
        (p) => p.title === 'Holiday Calendar: delete',
      );
    await expect.poll(removal).toBeDefined();
    expect((await removal())?.items).toEqual([
      { resource: 'holidays', action: 'remove', id: 'hol_tsl_karam', version: 1, body: null },
    ]);
    await karam.waitFor();
  });
});
