import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { uiConfigFormSchema } from '../../schemas/ui-config';
import { at, consoleApi, tataSteel } from '../../src/stories/fixtures';
import { oneField, WidgetForm } from '../../src/stories/WidgetForm';
import { dataCalls } from '../../schemas/api/data';
import { endpoint } from '../data/endpoint';
import { fixtureKey } from '../../src/stories/storyApi';

/** A UI config's alert types from fetchAlertList (the data family, not scoped), in tags mode. */
const config = oneField(
  {
    schema: uiConfigFormSchema,
    uiSchema: {
      extracontext: {
        'ui:widget': 'remoteTags',
        'ui:options': {
          endpoint: endpoint(dataCalls.alertList),
          labelField: 'name',
          valueField: 'featureKey',
          placeholder: 'Select config',
          fetchError: 'Error while fetching data',
        },
      },
    },
  },
  'extracontext',
);

/** fetchAlertList in the data family's envelope. */
const alertList = {
  status: 'ok',
  result: {
    status: 1,
    message: '',
    data: [
      { featureKey: 'long_stoppage', name: 'Long Stoppage' },
      { featureKey: 'route_deviation', name: 'Route Deviation' },
      { featureKey: 'transit_delay', name: 'Transit Delay' },
      { featureKey: 'ewb_expiry', name: 'E-Way Bill Expiry' },
      { featureKey: 'over_speeding', name: 'Over Speeding' },
    ],
  },
};

const meta = {
  title: 'Engine/Widgets/RemoteTagsWidget',
  component: WidgetForm,
  args: config,
  parameters: {
    docs: {
      description: {
        component:
          "Shown in a one-field form set up as `FormView` sets up its forms (`src/stories/WidgetForm.tsx`): its props below are that form's (schema, uiSchema, form data). In a config: `'ui:widget': 'remoteTags'`: the remote select's options (`RemoteTagsOptions`) for several values, with typed text split at `separators` (a comma by default).",
      },
    },
    route: at('/display-alert-ticket/add', tataSteel),
    api: { ...consoleApi, [fixtureKey(dataCalls.alertList)]: alertList },
  },
} satisfies Meta<typeof WidgetForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The alert types to choose from: Long Stoppage, Route Deviation... */
export const AlertTypes: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('combobox'));
    await expect(await screen.findByText('Transit Delay')).toBeInTheDocument();
  },
};

/** Two alerts chosen, shown as tags with their names. */
export const Chosen: Story = {
  args: { formData: { extracontext: ['long_stoppage', 'ewb_expiry'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('E-Way Bill Expiry')).toBeInTheDocument();
    await expect(canvas.getByTestId('form-data')).toHaveTextContent('"long_stoppage"');
  },
};

/** Choosing an option adds it to the list the form holds. */
export const ChooseOne: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('combobox'));
    await userEvent.click(await screen.findByText('Over Speeding'));
    await expect(canvas.getByTestId('form-data')).toHaveTextContent('"over_speeding"');
  },
};

/** Check with nothing chosen shows the schema's message. */
export const Required: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Check' }));
    await expect(await canvas.findByText('Please select config')).toBeInTheDocument();
  },
};
