import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { mapCalls } from '../../schemas/api/maps';
import { knownPlaceFormSchema } from '../../schemas/known-place';
import { consoleApi, places } from '../../src/stories/fixtures';
import { fixtureKey, ok, type ApiRequest } from '../../src/stories/storyApi';
import { oneField, WidgetForm } from '../../src/stories/WidgetForm';

/** The geocoder both ways: an address to the first place holding it, coordinates to the nearest place. */
const geocodeApi = {
  ...consoleApi,
  [fixtureKey(mapCalls.geocode)]: ({ query }: ApiRequest) => {
    const all = Object.values(places);
    const latlng = query.get('latlng');
    if (latlng) {
      const [lat, lng] = latlng.split(',').map(Number);
      const distance = (p: (typeof all)[number]) =>
        Math.hypot(p.geometry.location.lat - lat, p.geometry.location.lng - lng);
      return ok([...all].sort((a, b) => distance(a) - distance(b)).slice(0, 1));
    }
    return ok(
      all
        .filter((p) => p.formatted_address.toLowerCase().includes((query.get('address') ?? '').toLowerCase()))
        .slice(0, 1),
    );
  },
};

const meta = {
  title: 'Engine/Widgets/GeoPointField',
  component: WidgetForm,
  args: oneField(
    {
      schema: knownPlaceFormSchema,
      uiSchema: { location: { 'ui:field': 'geoPoint', 'ui:options': { fullWidth: true } } },
    },
    'location',
  ),
  parameters: {
    docs: {
      description: {
        component:
          "Shown in a one-field form set up as `FormView` sets up its forms (`src/stories/WidgetForm.tsx`): its props below are that form's (schema, uiSchema, form data). In a config: `'ui:field': 'geoPoint'`: a place searched through the platform's geocoder, its coordinates editable, and a map of the point. `ui:options.fills` copies parts of the chosen place into other fields; `lockedWhenEditing` explains why it cannot change on edit.",
      },
    },
    api: geocodeApi,
  },
} satisfies Meta<typeof WidgetForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

/** Choosing a suggested address fills its coordinates, and the map shows the point. */
export const AddressFillsCoordinates: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('combobox'), 'Haldia');
    await userEvent.click(await screen.findByText(places.haldia.formatted_address));
    await waitFor(() =>
      expect(canvas.getByLabelText('Latitude')).toHaveValue(String(places.haldia.geometry.location.lat)),
    );
    await expect(await canvas.findByTestId('point-map')).toBeInTheDocument();
  },
};

/** Typed coordinates look up the address there. */
export const CoordinatesFillAddress: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Latitude'), String(places.jamshedpur.geometry.location.lat));
    await userEvent.type(canvas.getByLabelText('Longitude'), String(places.jamshedpur.geometry.location.lng));
    await waitFor(() => expect(canvas.getByRole('combobox')).toHaveValue(places.jamshedpur.formatted_address));
  },
};

/** A stored point (as the edit form shows it). */
export const Filled: Story = {
  args: {
    formData: {
      location: {
        place_id: places.haldia.place_id,
        formatted_address: places.haldia.formatted_address,
        ...places.haldia.geometry.location,
      },
    },
  },
};

/** Check with nothing entered names the address, the latitude and the longitude. */
export const Missing: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Check' }));
    await expect(await canvas.findByText('Please enter address')).toBeInTheDocument();
    await expect(canvas.getByText('Enter latitude')).toBeInTheDocument();
    await expect(canvas.getByText('Enter longitude')).toBeInTheDocument();
  },
};

/** Letters, or a number too long to be one, are told apart from a missing coordinate: each says its range. */
export const Malformed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Latitude'), 'north');
    await userEvent.click(canvas.getByLabelText('Longitude'));
    await userEvent.paste('9'.repeat(600));
    await expect(canvas.getByLabelText('Latitude')).toHaveValue('north');
    await userEvent.click(canvas.getByRole('button', { name: 'Check' }));
    await expect(await canvas.findByText('Latitude must be a number between -90 and 90')).toBeInTheDocument();
    await expect(canvas.getByText('Longitude must be a number between -180 and 180')).toBeInTheDocument();
    await expect(canvas.queryByText('Enter latitude')).toBeNull();
    await expect(canvas.queryByText('Enter longitude')).toBeNull();
  },
};

/** A latitude out of range says so under Latitude alone; a blank longitude is still missing. */
export const OutOfRange: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Latitude'), '95');
    await userEvent.click(canvas.getByRole('button', { name: 'Check' }));
    const message = await canvas.findByText('Latitude must be a number between -90 and 90');
    await expect(message.closest('.ant-form-item')?.querySelector('label')?.textContent).toBe('Latitude');
    await expect(canvas.getByText('Enter longitude')).toBeInTheDocument();
    await expect(canvas.queryByText('Please enter valid lat long')).toBeNull();
  },
};
