import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { settingsCalls } from '../../schemas/api/settings';
import { EPOD_OPTIONS } from '../../schemas/epod';
import { SETTINGS_MSG } from '../../schemas/feature-settings';
import { apiAs, axeViolations, callPath, operatorSession, pickCompany, saveScreen } from './harness';

/** The three settings screens and the EPOD mock-up (spec 002 sections 2.5, 2.7, 4, 5, 8, 9), as an operator uses them. */

const session = operatorSession();
let page: Page;
let url = '';
beforeAll(async () => {
  ({ page } = session);
  url = session.app.url;
});

const field = (label: string) => page.locator('form').getByLabel(label, { exact: true });
const save = () => page.locator('form').getByRole('button', { name: 'Save' }).click();
/** Waits for a toast with exactly this text, then lets it go so the next one is the only one. */
const toast = async (text: string) => {
  const notice = page.locator('.ant-message-notice', { hasText: text }).last();
  await notice.waitFor();
  await notice.waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
};
const serious = async () =>
  (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} at ${v.targets.join(' | ')}`);
type Stored = { extraContext: string }[];

describe('settings screens', () => {
  it('map view: no company asks for one on Save; a save is stored and read back after a query change', async () => {
    await page.getByRole('menuitem', { name: 'Enable Map View' }).click();
    await page.waitForURL('**/utilities/enable-map-view*');
    await field('Join Locations With Arrow').waitFor();
    await save();
    await page.locator('.ant-message-notice', { hasText: SETTINGS_MSG.noCompany }).waitFor();

    // As below: a tick before Tata's stored flags arrive would be undone by the form they then reset.
    const read = page.waitForResponse((res) => res.url().includes('/v1/lego/feature-permission/map_view/get'));
    await pickCompany(page, 'Tata', 'Tata Steel Limited (CONSIGNOR)');
    await page.waitForURL('**companyId=1001*');
    await read;
    await page.waitForFunction(() => !document.querySelector('main .ant-spin-spinning'));
    expect(await field('Join Locations With Arrow').isChecked()).toBe(false);
    await field('Join Locations With Arrow').check();
    await save();
    await toast(SETTINGS_MSG.saved);
    const stored = await apiAs<Stored>(
      page,
      url,
      callPath(settingsCalls.featureGet, { companyId: '1001' }, { feature: 'map_view' }),
    );
    // The seed's show_trail stays as it was.
    expect(JSON.parse(stored[0]!.extraContext)).toEqual({ join_locations_with_arrow: true, show_trail: true });
    await saveScreen(page, 'settings-map-view');
    expect(await serious()).toEqual([]);

    // Another company: its own (empty) values; back to Tata: the saved ones.
    await pickCompany(page, 'Hindustan', 'Hindustan Unilever Limited (CONSIGNOR)');
    await page.waitForURL('**companyId=1002*');
    await expect.poll(() => field('Join Locations With Arrow').isChecked()).toBe(false);
    await page.goBack();
    await page.waitForURL('**companyId=1001*');
    await expect.poll(() => field('Join Locations With Arrow').isChecked()).toBe(true);
  });

  it('last mile threshold: required, 1 to 100, and the other extraContext keys are kept', async () => {
    // As below: Save before the stored settings arrive would be answered by the form they then reset.
    const read = page.waitForResponse((res) => res.url().includes('/v1/lego/feature-permission/tripAlerts/get'));
    await page.getByRole('menuitem', { name: 'Last Mile Threshold' }).click();
    await page.waitForURL('**/utilities/last-mile-threshold?*companyId=1001*');
    await read;
    await page.waitForFunction(() => !document.querySelector('main .ant-spin-spinning'));
    // The seed's threshold is shown; emptied, Save asks for one.
    await expect.poll(() => field('Last Mile Threshold').inputValue()).toBe('10');
    await field('Last Mile Threshold').fill('');
    await save();
    await page.getByText(SETTINGS_MSG.required, { exact: true }).waitFor();
    await field('Last Mile Threshold').fill('101');
    await page.getByText(SETTINGS_MSG.lastMile, { exact: true }).waitFor();
    // Letters are not a number; a fraction is a number, but not one the spec allows: its text, not 'Enter a whole number'.
    await field('Last Mile Threshold').fill('abc');
    await page.getByText('Enter a number', { exact: true }).waitFor();
    await field('Last Mile Threshold').fill('2.5');
    await page.getByText(SETTINGS_MSG.lastMile, { exact: true }).waitFor();
    expect(await page.getByText('Enter a whole number').count()).toBe(0);
    await field('Last Mile Threshold').fill('25');
    await save();
    await toast(SETTINGS_MSG.savedCapital);
    const stored = await apiAs<Stored>(
      page,
      url,
      callPath(settingsCalls.featureGet, { companyId: '1001' }, { feature: 'tripAlerts' }),
    );
    expect(JSON.parse(stored[0]!.extraContext)).toMatchObject({ lastMileThreshold: 25 });
    await saveScreen(page, 'settings-last-mile');
  });

  it('ETA preferences: both required, with their ranges; the saved values come back in the SpeedBasedTransformer engine', async () => {
    // The stored preferences are read first: typing before they arrive would be overwritten by them.
    const read = page.waitForResponse((res) => res.url().includes('/v1/lego/eta/preferences/get'));
    await page.getByRole('menuitem', { name: 'ETA Preferences' }).click();
    await page.waitForURL('**/utilities/eta-preferences?*companyId=1001*');
    await read;
    await page.waitForFunction(() => !document.querySelector('main .ant-spin-spinning'));
    await field('Minimum distance').fill('10');
    await field('Average Speed').fill('61');
    await save();
    await page.getByText(SETTINGS_MSG.minDistance, { exact: true }).waitFor();
    await page.getByText(SETTINGS_MSG.avgSpeed, { exact: true }).waitFor();
    await field('Minimum distance').fill('120');
    await field('Average Speed').fill('42.5');
    await save();
    await toast(SETTINGS_MSG.savedCapital);
    const stored = await apiAs<{ engineSetting: string }[]>(
      page,
      url,
      callPath(settingsCalls.etaGet, { companyId: '1001' }),
    );
    expect(JSON.parse(stored[0]!.engineSetting).engines).toEqual([
      { id: 'SpeedBasedTransformer', param: { minDistance: 120, avgSpeed: 42.5 } },
    ]);
    await page.reload();
    await expect.poll(() => field('Minimum distance').inputValue()).toBe('120');
    await expect.poll(() => field('Average Speed').inputValue()).toBe('42.5');
    // The form fades in once read: wait until it is fully shown.
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.ant-spin-container')].every((e) => getComputedStyle(e).opacity === '1'),
    );
    await saveScreen(page, 'settings-eta');
    expect(await serious()).toEqual([]);
  });

  it('EPOD: ticking a flow shows the settings; OTP No and Upload Yes hide their Mandatory boxes; options reveal text boxes', async () => {
    await page.getByRole('menuitem', { name: 'EPOD Configuration' }).click();
    await page.waitForURL('**/epod-configuration*');
    await field('Enable EPOD flow for Consignee').waitFor();
    expect(await page.getByText('Enable OTP flow').count()).toBe(0);
    await field('Enable EPOD flow for Driver').check();
    await page.getByText('Enable OTP flow').waitFor();
    for (const option of [
      ...EPOD_OPTIONS.smsTimes,
      ...EPOD_OPTIONS.actors,
      ...EPOD_OPTIONS.status,
      ...EPOD_OPTIONS.tripActions,
    ]) {
      expect(await page.locator('form').getByText(option, { exact: true }).count()).toBeGreaterThan(0);
    }
    expect(await page.locator('form').getByLabel('OTP or Upload Success').isChecked()).toBe(true);
    await field('OTP Mandatory').waitFor();
    await page.locator('form').getByRole('radiogroup').first().getByLabel('No', { exact: true }).check();
    await field('OTP Mandatory').waitFor({ state: 'detached' });
    await field('Upload Mandatory').waitFor();
    await page.locator('form').getByRole('radiogroup').nth(1).getByLabel('Yes', { exact: true }).check();
    await field('Upload Mandatory').waitFor({ state: 'detached' });
    await page.locator('form').getByLabel('X hour befor ETA', { exact: true }).first().check();
    await page.locator('form').getByRole('textbox', { name: 'X hour befor ETA' }).waitFor();
    await page.locator('form').getByLabel('Trip closed after Y', { exact: true }).first().check();
    await page.locator('form').getByRole('textbox', { name: 'Trip closed after Y' }).waitFor();
    await saveScreen(page, 'settings-epod');
    expect(
      await page
        .locator('form')
        .getByRole('button', { name: /Submit|Save/ })
        .count(),
    ).toBe(0);
    await field('Enable EPOD flow for Driver').uncheck();
    await page.getByText('Enable OTP flow').waitFor({ state: 'detached' });
    // Unticking every flow resets what it hid: ticked again, the hours and the close delay are gone.
    await field('Enable EPOD flow for Consignee').check();
    await page.getByText('Enable OTP flow').waitFor();
    expect(await page.locator('form').getByRole('textbox', { name: 'X hour befor ETA' }).count()).toBe(0);
    expect(await page.locator('form').getByRole('textbox', { name: 'Trip closed after Y' }).count()).toBe(0);
    expect(await page.locator('form').getByLabel('OTP or Upload Success').isChecked()).toBe(true);
  });
});
