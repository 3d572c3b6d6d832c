import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { companyCalls } from '../../schemas/api/company';
import { placeCalls } from '../../schemas/api/places';
import { routeBodySchema } from '../../schemas/route';
import { at, consoleApi, places, routes, tataSteel } from '../../src/stories/fixtures';
import { fixtureKey, ok } from '../../src/stories/storyApi';
import { openSelectA11y } from '../../src/stories/a11y';
import { oneField, WidgetForm } from '../../src/stories/WidgetForm';

const meta = {
  title: 'Engine/Widgets/PlaceField',
  component: WidgetForm,
  args: oneField(
    {
      schema: routeBodySchema,
      uiSchema: { origin: { 'ui:field': 'place', 'ui:title': 'Loading Point', 'ui:options': { fullWidth: true } } },
    },
    'origin',
  ),
  parameters: {
    docs: {
      description: {
        component:
          "Shown in a one-field form set up as `FormView` sets up its forms (`src/stories/WidgetForm.tsx`): its props below are that form's (schema, uiSchema, form data). In a config: `'ui:field': 'place'`: one search over the company's known places and the geocoder's places (India, at most 10), keeping the chosen place's id, address and coordinates.",
      },
    },
    api: consoleApi,
  },
} satisfies Meta<typeof WidgetForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

/** Typing searches the geocoder (debounced); suggestions are India only. */
export const Suggestions: Story = {
  parameters: { a11y: openSelectA11y },
  play: async ({ canvasElement }) => {
    await userEvent.type(within(canvasElement).getByRole('combobox'), 'Jamshed');
    await expect(await screen.findByText('Jamshedpur, East Singhbhum, Jharkhand 831001, India')).toBeInTheDocument();
  },
};

/** A stored loading point: Chakan, Pune with its code and radius. */
export const Filled: Story = {
  args: { formData: { origin: routes[0].origin } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByDisplayValue('TSL-CKN-SC')).toBeInTheDocument();
  },
};

/** Check without a place shows the message of the nested place id under the field. */
export const Missing: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Check' }));
    await expect(await canvas.findByText('Please enter loading point')).toBeInTheDocument();
  },
};

/** The Haldia dock as a known place of Tata Steel: what the place search and the fetch by cpId answer. */
const haldiaDock = {
  cpId: 'cp_tsl_haldia',
  cpCode: 'TSL-HAL-DOCK',
  label: 'Haldia Dock Complex',
  address: places.haldia.formatted_address,
  geofenceRadius: 1.5,
  updatedBy: 'ops@demo.local',
  updatedAt: 0,
  partnerId: null,
  google: {
    place_id: places.haldia.place_id,
    formatted_address: places.haldia.formatted_address,
    geometry: places.haldia.geometry,
  },
};

/** With a company chosen, the company's known places come first ('Known places'), then the geocoder's ('Places'). */
export const KnownPlaces: Story = {
  parameters: {
    route: at('/routes/add', tataSteel),
    api: {
      ...consoleApi,
      [fixtureKey(companyCalls.placeSearch)]: ok([
        { cpId: haldiaDock.cpId, cpCode: haldiaDock.cpCode, label: haldiaDock.label, address: haldiaDock.address },
      ]),
      [fixtureKey(placeCalls.placeFetch)]: ok([haldiaDock]),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('combobox'), 'Haldia');
    await expect(await screen.findByText('Known places')).toBeInTheDocument();
    await userEvent.click(
      await screen.findByText(`Haldia Dock Complex (TSL-HAL-DOCK) - ${places.haldia.formatted_address}`),
    );
    await expect(await canvas.findByDisplayValue('TSL-HAL-DOCK')).toBeInTheDocument();
    await expect(canvas.getByDisplayValue('1.5')).toBeInTheDocument();
  },
};
