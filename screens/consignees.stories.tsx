import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { consigneeForm, consigneesList } from './consignees';
import { consigneeSheet } from './consignees-upload';
import { at, consoleApi, lookupApi, places, tataSteel } from '../src/stories/fixtures';
import { fixtureKey, ok, type ApiRequest } from '../src/stories/storyApi';
import { companyCalls } from '../schemas/api/company';
import type { Consignee } from '../schemas/consignee';
import { ListView } from '../engine/list/ListView';
import { FormView } from '../engine/form/FormView';
import { SheetView } from '../engine/sheet/SheetView';

/** A consignee of Tata Steel at a gazetteer place. */
const consignee = (
  id: string,
  code: string,
  name: string,
  type: Consignee['type'],
  phone: string,
  place: (typeof places)[keyof typeof places],
  label: string,
): Consignee => ({
  id,
  code,
  name,
  type,
  phone,
  email: `${code.toLowerCase()}@tatasteel.demo`,
  updatedBy: 'priya.sharma@tatasteel.com',
  updatedAt: Date.parse('2026-11-20T10:30:00+05:30'),
  partnerId: null,
  place: {
    cpId: `cp_${id}`,
    cpCode: `${code}-P`,
    label,
    address: place.formatted_address,
    geofenceRadius: 2,
    google: {
      place_id: place.place_id,
      formatted_address: place.formatted_address,
      geometry: { location: { lat: place.geometry.location.lat, lng: place.geometry.location.lng } },
    },
  },
});

const consignees: Consignee[] = [
  consignee(
    'cee_tsl_haldia',
    'TSL-CEE-002',
    'Haldia Coil Warehouse',
    'WAREHOUSE',
    '9732045678',
    places.haldia,
    'Haldia Coil Warehouse Gate',
  ),
  consignee(
    'cee_tsl_tala',
    'TSL-CEE-001',
    'Shree Steel Traders',
    'CUSTOMER',
    '9831012345',
    places.tala,
    'Shree Steel Traders, Tala',
  ),
  consignee(
    'cee_tsl_rourkela',
    'TSL-CEE-003',
    'Rourkela Regional DC',
    'RDC',
    '',
    places.rourkela,
    'Rourkela RDC Dock 1',
  ),
];

/** The partners call answers consignees for pt=CONSIGNEE (one by id), else the filter bar's partner companies. */
const consigneeApi = {
  ...consoleApi,
  [fixtureKey(companyCalls.partners)]: (request: ApiRequest) => {
    if (request.query.get('pt') !== 'CONSIGNEE')
      return (lookupApi[fixtureKey(companyCalls.partners)] as (r: ApiRequest) => unknown)(request);
    const id = request.query.get('id');
    const rows = id ? consignees.filter((c) => c.id === id) : consignees;
    return { ...ok(rows), total: rows.length };
  },
};

const meta = {
  title: 'Screens/Consignees',
  component: ListView,
  args: { config: consigneesList },
  parameters: { route: at('/consignees', tataSteel), api: consigneeApi },
} satisfies Meta<typeof ListView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** /consignees for Tata Steel: code, name, phone, email, display address, updated by; Add consignee and Upload. */
export const List: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Haldia Coil Warehouse')).toBeInTheDocument();
    await expect(canvas.getByText('Rourkela RDC Dock 1')).toBeInTheDocument();
  },
};

/** 'Add a new consignee': a blank submit names every required field (spec 002 section 5). */
export const AddValidation: Story = {
  parameters: { route: at('/consignees/add', tataSteel), path: '/consignees/add' },
  render: () => <FormView config={consigneeForm} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Add consignee' }));
    await expect(await canvas.findByText('Please enter consignee code')).toBeInTheDocument();
    await expect(canvas.getByText('Please select type')).toBeInTheDocument();
  },
};

/** 'Update consignee': the Google address and coordinates read-only, the map preview 400 px high at zoom 15. */
export const Edit: Story = {
  parameters: { route: at('/consignees/cee_tsl_haldia/edit', tataSteel), path: '/consignees/:id/edit' },
  render: () => <FormView config={consigneeForm} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByDisplayValue('Haldia Coil Warehouse')).toBeInTheDocument();
    await expect((await canvas.findAllByText('The field cannot be edited')).length).toBe(3);
  },
};

/** /consignees/upload: the 13 columns (the geocoding status hidden) and the status cell, up to 550 rows. */
export const Upload: Story = {
  parameters: { route: at('/consignees/upload', tataSteel), path: '/consignees/upload' },
  render: () => <SheetView config={consigneeSheet} />,
};
