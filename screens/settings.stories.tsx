import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { epodForm, etaForm, lastMileForm, mapViewForm } from './settings';
import { at, tataSteel } from '../src/stories/fixtures';
import { failure, fixtureKey, ok } from '../src/stories/storyApi';
import { settingsCalls } from '../schemas/api/settings';
import { FormView } from '../engine/form/FormView';

/** The features of the feature permission calls' `:feature`. */
const MAP_VIEW = { feature: 'map_view' };
const TRIP_ALERTS = { feature: 'tripAlerts' };

/** Tata Steel's stored settings, as the settings service answers them (extraContext and engineSetting as JSON strings). */
const settingsApi = {
  [fixtureKey(settingsCalls.featureGet, MAP_VIEW)]: ok([
    {
      companyId: '1001',
      branchId: null,
      departmentId: null,
      extraContext: '{"join_locations_with_arrow":true,"show_trail":false}',
    },
  ]),
  [fixtureKey(settingsCalls.featureGet, TRIP_ALERTS)]: ok([
    {
      companyId: '1001',
      branchId: null,
      departmentId: null,
      extraContext: '{"lastMileThreshold":15,"nightDriving":true}',
    },
  ]),
  [fixtureKey(settingsCalls.etaGet)]: ok([
    {
      companyId: '1001',
      engineSetting: '{"engines":[{"id":"SpeedBasedTransformer","param":{"minDistance":50,"avgSpeed":35.5}}]}',
    },
  ]),
  [fixtureKey(settingsCalls.featureAdd, MAP_VIEW)]: ok(null),
  [fixtureKey(settingsCalls.featureAdd, TRIP_ALERTS)]: ok(null),
  [fixtureKey(settingsCalls.etaAdd)]: ok(null),
};

const meta = {
  title: 'Screens/Settings',
  component: FormView,
  args: { config: mapViewForm },
  parameters: {
    route: at('/utilities/enable-map-view', tataSteel),
    path: '/utilities/enable-map-view',
    api: settingsApi,
  },
} satisfies Meta<typeof FormView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Enable Map View with Tata Steel's stored flags: arrows on, trail off. */
export const MapView: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('checkbox', { name: 'Join Locations With Arrow', checked: true }),
    ).toBeInTheDocument();
  },
};

/** A failed read leaves the flags off. */
export const MapViewReadFails: Story = {
  parameters: { api: { ...settingsApi, [fixtureKey(settingsCalls.featureGet, MAP_VIEW)]: failure(500) } },
};

/** Last Mile Threshold: 102 is refused with the spec's message. */
export const LastMile: Story = {
  args: { config: lastMileForm },
  parameters: { route: at('/utilities/last-mile-threshold', tataSteel), path: '/utilities/last-mile-threshold' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = await canvas.findByDisplayValue('15');
    await userEvent.clear(input);
    await userEvent.type(input, '102');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await canvas.findByText('Please enter a valid number between 1 and 100')).toBeInTheDocument();
  },
};

/** ETA Preferences read from the SpeedBasedTransformer engine. */
export const EtaPreferences: Story = {
  args: { config: etaForm },
  parameters: { route: at('/utilities/eta-preferences', tataSteel), path: '/utilities/eta-preferences' },
};

/** Without a company the gate shows above the form; Save says 'Select a company to save'. */
export const EtaNoCompany: Story = {
  args: { config: etaForm },
  parameters: { route: '/utilities/eta-preferences', path: '/utilities/eta-preferences' },
};

/** The EPOD mock-up: ticking the driver flow shows every other setting; nothing is saved. */
export const Epod: Story = {
  args: { config: epodForm },
  parameters: { route: '/epod-configuration', path: '/epod-configuration' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'Enable EPOD flow for Driver' }));
    await expect(await canvas.findByText('System action on Trip Status')).toBeInTheDocument();
  },
};
