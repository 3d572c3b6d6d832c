import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { answer, choose, pickCompany, saveScreen, type RunningConsole, operatorSession, callPath } from './harness';
import { autoClosureCalls } from '../../schemas/api';

const session = operatorSession();
let app: RunningConsole;
let page: Page;
beforeAll(async () => {
  ({ app, page } = session);
  await pickCompany(page, 'Tata', 'Tata Steel Limited (CONSIGNOR)');
  await page.waitForURL(/companyId=/);
  // The company already holds one rule of each type (the seed's), and a scope holds one rule per type: these are the branch's.
  await choose(page, 'Branch', 'Jam', 'Jamshedpur');
  await page.waitForURL(/branchId=3101/);
});

type Rule = Record<string, unknown> & { id: string; identifier: string; active: boolean };

/** The stored rules of Tata Steel, read from the data family's list call with the page's desk token. */
async function stored(): Promise<Rule[]> {
  const token = await page.evaluate(() => localStorage.getItem('deskToken'));
  const res = await fetch(`${app.url}${callPath(autoClosureCalls.list, { companyId: 1001 })}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { result: { data: Rule[] } }).result.data;
}

const form = () => page.locator('form');
const field = (id: string) => page.locator(`#root_${id}`);
const submit = () => page.getByRole('button', { name: 'Submit' }).click();
const addRow = () =>
  form()
    .getByRole('button', { name: /^Add (Rule|Distance Band)$/ })
    .click();

async function openAdd() {
  await page.getByRole('menuitem', { name: 'Auto Closure' }).click();
  await page.getByRole('columnheader', { name: 'Auto Closure Type' }).waitFor();
  await page.getByRole('button', { name: 'Add Auto Closure' }).click();
  await page.waitForURL('**/auto-closure/add?*');
  await page.getByText('Create Auto Closure Config').waitFor();
}

/** The top of each field's input box (the box, not the search input inside a select), rounded to the pixel. */
const inputTops = (ids: string[]) =>
  page.evaluate(
    (names) =>
      names.map((id) =>
        Math.round(
          document.getElementById(`root_${id}`)!.closest('.ant-form-item-control-input')!.getBoundingClientRect().top,
        ),
      ),
    ids,
  );
/** The height of each field's label. */
const labelHeights = (ids: string[]) =>
  page.evaluate(
    (names) =>
      names.map((id) => Math.round(document.querySelector(`label[for="root_${id}"]`)!.getBoundingClientRect().height)),
    ids,
  );

async function saved() {
  await page.getByText('Auto Closure set successfully for companyIds [ 1001 ]').first().waitFor();
  await page.waitForURL((url) => url.pathname === '/auto-closure');
}

describe('auto closure', () => {
  it('creates an ON_ENTRY rule after the messages, with only its own fields', async () => {
    await openAdd();
    await submit();
    await page.getByText('Please select auto closure type').waitFor();
    await choose(page, 'Auto Closure Type', 'LAST_MILE', 'LAST_MILE');
    await form().getByLabel('Last Mile (minutes)').fill('15');
    await choose(page, 'Auto Closure Type', 'ON_ENTRY', 'ON_ENTRY');
    await expect.poll(() => field('geofenceRadiusInMeter').getAttribute('placeholder')).toBe('3000');
    expect(await field('lastMileMinutes').count()).toBe(0);
    await submit();
    await page.getByText('Please enter company name').waitFor();
    await page.getByText('Please enter geofence radius in meter').waitFor();
    await form().getByLabel('Company Name').fill('Tata Steel Kalinganagar');
    await form().getByLabel('Geofence Radius (metres)').fill('2500');
    const sent = page.waitForRequest((r) => r.url().includes('/createAndUpdateAutoClosure'));
    await submit();
    // The hidden LAST_MILE field is not even sent.
    expect((await sent).postDataJSON()).toEqual({
      autoClosureType: 'ON_ENTRY',
      companyName: 'Tata Steel Kalinganagar',
      geofenceRadiusInMeter: 2500,
      companyId: '1001',
      branchId: '3101',
      edit: false,
    });
    await saved();
    const rule = (await stored()).find((r) => r.companyName === 'Tata Steel Kalinganagar')!;
    expect(rule).toMatchObject({ identifier: 'ON_ENTRY', active: true, geofenceRadiusInMeter: 2500 });
    expect(rule.threshold).toBeUndefined();
    expect(rule.lastMileMinutes).toBeUndefined();
  });

  it('creates an STA_BREACH rule with two distance rows', async () => {
    await openAdd();
    await choose(page, 'Auto Closure Type', 'STA_BREACH', 'STA_BREACH');
    await form().getByLabel('Loading Time Buffer (seconds)').waitFor();
    if ((await field('distances_0_minDistance').count()) === 0) await addRow();
    await submit();
    for (const text of [
      'Please enter loading time buffer in seconds',
      'Please enter unloading time buffer in minutes',
      'Please enter min distance in km',
      'Please enter max distance in km',
      'Please enter transit buffer in seconds',
    ]) {
      await page.getByText(text, { exact: true }).first().waitFor();
    }
    await form().getByLabel('Loading Time Buffer (seconds)').fill('1800');
    await form().getByLabel('Unloading Time Buffer (minutes)').fill('90');
    await field('distances_0_minDistance').fill('0');
    await field('distances_0_maxDistance').fill('300');
    await field('distances_0_transitTimeBuffers').fill('3600');
    await addRow();
    await field('distances_1_minDistance').fill('300');
    await field('distances_1_maxDistance').fill('1200');
    await field('distances_1_transitTimeBuffers').fill('10800');
    await submit();
    await saved();
    const rule = (await stored()).find((r) => r.identifier === 'STA_BREACH' && r.loading_time_buffer === 1800)!;
    expect(rule).toMatchObject({
      unloading_time_buffer: 90,
      minDistance: [0, 300],
      maxDistance: [300, 1200],
      transitTimeBuffers: [3600, 10800],
    });
  });

  it('lays the STA_BREACH form out in line with bands as soft cards, and goes Back to the list keeping the scope', async () => {
    await openAdd();
    await choose(page, 'Auto Closure Type', 'STA_BREACH', 'STA_BREACH');
    await form().getByLabel('Loading Time Buffer (seconds)').waitFor();
    if ((await field('distances_0_minDistance').count()) === 0) await addRow();
    await addRow();
    await form().getByRole('button', { name: 'Delete Distance Band 2' }).waitFor();
    // No hard fieldset border round the bands; each band is a card with a light border.
    const look = await page.evaluate(() => {
      const group = document.getElementById('root_distances')!;
      const card = group.querySelector('.lego-repeatable-row')!;
      const rgb = getComputedStyle(card).borderTopColor.match(/\d+/g)!.slice(0, 3).map(Number);
      return {
        groupBorder: getComputedStyle(group).borderTopWidth,
        cardBorder: getComputedStyle(card).borderTopWidth,
        cardLight: Math.min(...rgb),
      };
    });
    expect(look).toMatchObject({ groupBorder: '0px', cardBorder: '1px' });
    expect(look.cardLight).toBeGreaterThan(200);
    const top = ['autoClosureType', 'loading_time_buffer', 'unloading_time_buffer'];
    const band = ['distances_0_minDistance', 'distances_0_maxDistance', 'distances_0_transitTimeBuffers'];
    // Narrower, the buffers' labels wrap onto two lines (at some width between 840 and 770 px, the font decides
    // which); the inputs of each row stay in line all the same.
    let wrapped = false;
    try {
      for (const width of [1280, 840, 820, 800, 790, 780, 770]) {
        await page.setViewportSize({ width, height: 800 });
        await expect
          .poll(() => inputTops(top).then((tops) => new Set(tops).size), {
            message: `first row in line at ${width} px`,
          })
          .toBe(1);
        expect(new Set(await inputTops(band)).size, `band row in line at ${width} px`).toBe(1);
        const heights = await labelHeights(top);
        wrapped ||= Math.max(...heights) > Math.min(...heights);
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    expect(wrapped, 'a label of the first row wrapped at some width').toBe(true);
    await saveScreen(page, 'form-auto-closure-sta-breach');
    await form().getByRole('button', { name: 'Delete Distance Band 2' }).click();
    await expect.poll(() => field('distances_1_minDistance').count()).toBe(0);
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/auto-closure');
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({ companyId: '1001', branchId: '3101' });
    await page.getByRole('columnheader', { name: 'Auto Closure Type' }).waitFor();
  });

  it('creates a RULE_BASED rule on a company custom field, storing the value in quotes', async () => {
    await openAdd();
    await choose(page, 'Auto Closure Type', 'RULE_BASED', 'RULE_BASED');
    await form().getByLabel('Threshold (days)').waitFor();
    if ((await field('rules_0_autoClosureRuleSubject').count()) === 0) await addRow();
    await submit();
    await page.getByText('Please enter threshold in days').waitFor();
    await page.getByText('Please Enter Auto Closure Subject').waitFor();
    await page.getByText('Please Enter Time In Min').first().waitFor();
    await form().getByLabel('Threshold (days)').fill('3');
    await field('rules_0_autoClosureRuleSubject').fill('Invoice settled');
    await field('rules_0_min_time_at_destination').fill('45');
    await field('rules_0_min_time_after_destination').fill('20');
    await choose(page, 'First Custom Value', 'Invoice', 'Invoice Number');
    await choose(page, 'First Operator', undefined, 'Equal To');
    await field('rules_0_firstFieldValue').fill('INV-2026-001');
    await submit();
    await saved();
    const rule = (await stored()).find((r) => r.name === 'Invoice settled')!;
    expect(rule).toMatchObject({
      identifier: 'RULE_BASED',
      threshold: 3,
      autoClosureRuleSubject: ['Invoice settled'],
      min_time_at_destination: [45],
      firstCustomValue: ['custom_values.invoice_number'],
      firstCustomOperator: ['=='],
      firstFieldValue: ["'INV-2026-001'"],
    });
  });

  it('edits it with the type locked and the value shown without quotes', async () => {
    const row = () => page.locator('.ant-table-tbody tr', { hasText: 'Invoice settled' });
    await row().getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(/\/auto-closure\/edit\//);
    await page.getByText('Update Auto Closure Config').waitFor();
    await expect.poll(() => field('rules_0_firstFieldValue').inputValue()).toBe('INV-2026-001');
    expect(await field('autoClosureType').isDisabled()).toBe(true);
    await field('rules_0_firstFieldValue').fill('INV-2026-002');
    await page.getByRole('button', { name: 'Update' }).click();
    await saved();
    const rules = (await stored()).filter((r) => r.name === 'Invoice settled');
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatchObject({ identifier: 'RULE_BASED', firstFieldValue: ["'INV-2026-002'"] });
  });

  it('toggles with confirmation (No keeps it, Yes stores it) and disables Edit while inactive', async () => {
    const row = () => page.locator('.ant-table-tbody tr', { hasText: 'Invoice settled' });
    const active = async () => (await stored()).find((r) => r.name === 'Invoice settled')!.active;
    await row().getByRole('switch').click();
    await page.getByText('Enable Configuration').waitFor();
    await page.getByText('Are you sure want to disable/enable notification').waitFor();
    await answer(page, 'No');
    expect(await active()).toBe(true);
    await expect.poll(() => row().getByRole('link', { name: 'Edit' }).count()).toBe(1);
    await row().getByRole('switch').click();
    await answer(page, 'Yes');
    await expect.poll(active).toBe(false);
    await expect.poll(() => row().getByRole('button', { name: 'Edit' }).isDisabled()).toBe(true);
    expect(await row().getByRole('link', { name: 'Edit' }).count()).toBe(0);
  });
});
