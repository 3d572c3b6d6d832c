import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { at, consoleApi, tataSteel } from '../../src/stories/fixtures';
import { fixtureKey, ok, type ApiRequest } from '../../src/stories/storyApi';
import { placeCalls } from '../../schemas/api/places';
import { draftKey } from './drafts';
import type { SheetGeocoder } from './geocodeProcessor';
// The known-place sheet is the screen's own config (one definition), with a geocoder of the test's.
import { knownPlaceSheetConfig } from '../../screens/known-places-upload';
import type { SheetConfig } from './types';
import { SheetView } from './SheetView';

const placeSheetFixture = (geocoder?: SheetGeocoder, chunkSize?: number) =>
  knownPlaceSheetConfig({ geocoder, chunkSize });

/** A small bulk sheet of vehicles: three columns, a status per row, a format workbook. */
const vehicleSheet: SheetConfig = {
  kind: 'sheet',
  path: '/vehicles/upload',
  title: 'Bulk Vehicle Upload',
  columns: [
    { key: 'label', title: 'Vehicle', width: 200 },
    { key: 'bodyType', width: 120 },
    { key: 'length', width: 100 },
  ],
  maxRows: 50,
  spareRows: 5,
  format: {
    label: 'Please Refer Format',
    fileName: 'vehicle-format.xlsx',
    example: { label: '32 ft MXL Closed', bodyType: 'Closed', length: '32 ft' },
  },
  submit: {
    endpoint: { method: 'POST', path: '/saas/lego/company_vehicles/bulk' },
    input: (rows, { scope }) => ({ scope, body: rows }),
    results: (data) => (Array.isArray(data) ? data.map(() => ({ ok: true as const })) : []),
  },
  messages: {
    noCompany: 'Select a company to continue',
    empty: 'Please fill the sheet',
    noDataRows: 'No data rows to submit',
    success: (saved) => `${saved.length} vehicles saved`,
    failure: 'No vehicle was saved',
  },
};

const meta = {
  title: 'Engine/Sheet/SheetView',
  component: SheetView,
  args: { config: vehicleSheet },
  parameters: {
    docs: {
      description: {
        component:
          "Draws a bulk sheet config: the spreadsheet with the row schema's checks, file import, Submit, 'Remove Success', drafts kept in the browser, Download and Reset. Caps on rows and the row processors (geocoding, look-ups) come from the config.",
      },
    },
    route: at('/vehicles/upload', tataSteel),
  },
} satisfies Meta<typeof SheetView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The empty sheet with its status column, import, Submit, Reset and the format link. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Please Refer Format')).toBeInTheDocument();
    await waitFor(() =>
      expect(canvasElement.querySelectorAll('thead td[data-x]')).toHaveLength(vehicleSheet.columns.length + 1),
    );
    await expect(canvas.getByText('Vehicle')).toBeInTheDocument();
  },
};

/** No company chosen: the sheet can be filled, and saving asks for a company first. */
export const NoCompany: Story = {
  parameters: { route: '/vehicles/upload' },
};

/** A geocoder of the story: Pune for any address with 'pune', nothing for other addresses, the coordinates' own place. */
const storyGeocoder: SheetGeocoder = {
  byAddress: async (address) =>
    /pune/i.test(address)
      ? {
          place_id: 'g-pune',
          formatted_address: 'Pune, Maharashtra, India',
          geometry: { location: { lat: 18.5204, lng: 73.8567 } },
        }
      : null,
  byLatLng: async (lat, lng) => ({
    place_id: `g-${lat}-${lng}`,
    formatted_address: `Near ${lat}, ${lng}`,
    geometry: { location: { lat, lng } },
  }),
};

/** The known-place bulk create as the platform answers it: a duplicate code fails, the others get a cpId. */
const createPlaces = ({ body }: ApiRequest) =>
  ok(
    (Array.isArray(body) ? body : []).map((row: { cpCode?: string }) =>
      row.cpCode === 'PNQ-1' ? ['Code PNQ-1 already exists'] : { cpId: `cp-${row.cpCode}` },
    ),
  );

/** A draft as an operator left it: a good row, a row 120 km off its coordinates, a row with neither, a duplicate. */
const placeDraft = [
  ['PNQ-2', 'Pune DC', 'Plot 7, Chakan MIDC', 'Pune', '18.6', '73.8', '2', '', ''],
  ['PNQ-3', 'Mumbai gate', 'Bhiwandi', 'Pune', '19.076', '72.8777', '2', '', ''],
  ['PNQ-4', 'Unknown', 'Somewhere', '', '', '', '2', '', ''],
  ['PNQ-1', 'Old DC', 'Hadapsar', 'Pune camp', '', '', '1', '', ''],
];

/**
 * A sheet declared with processors (geocoding, 30 km rule, a hidden place id), drafts and a CSV export: the draft
 * is restored on load; Submit geocodes, sends the rows with a place and marks each row; Download saves the CSV.
 */
export const ProcessorsAndDraft: Story = {
  args: { config: placeSheetFixture(storyGeocoder) },
  parameters: {
    route: at('/known-places/upload', tataSteel),
    api: { ...consoleApi, [fixtureKey(placeCalls.placeCreate)]: createPlaces },
  },
  beforeEach: () => {
    localStorage.setItem(
      draftKey('/known-places/upload', tataSteel.companyId),
      JSON.stringify({ v: 1, rows: placeDraft }),
    );
    return () => localStorage.removeItem(draftKey('/known-places/upload', tataSteel.companyId));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvasElement.querySelector('td[data-x="0"][data-y="3"]')?.textContent).toBe('PNQ-1'));
    await expect(canvas.getByRole('button', { name: /Save Draft/ })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: /Download/ })).toBeInTheDocument();
    canvas.getByRole('button', { name: /Submit/ }).click();
    const status = (y: number) => canvasElement.querySelector(`td[data-x="8"][data-y="${y}"]`)?.textContent;
    await waitFor(() => expect(status(0)).toBe('Success'));
    await expect(status(1)).toBe('Error: Distance more than 30kms');
    await expect(status(2)).toBe('Please enter either lat,long or address');
    await expect(status(3)).toBe('Code PNQ-1 already exists');
    await waitFor(() => expect(canvas.getByRole('button', { name: /Remove Success/ })).toBeInTheDocument());
  },
};
