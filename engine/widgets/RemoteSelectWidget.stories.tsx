import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { masterMaterialSchema } from '../../schemas/material';
import { routeMasterFormSchema } from '../../schemas/route-master';
import { at, consoleApi, tataSteel } from '../../src/stories/fixtures';
import { oneField, WidgetForm } from '../../src/stories/WidgetForm';
import { companyCalls } from '../../schemas/api/company';
import { mainCalls } from '../../schemas/api/main';
import { endpoint } from '../data/endpoint';

const remoteSelect = (endpoint: object, labelField: string, placeholder: string, fetchError: string) => ({
  'ui:widget': 'remoteSelect',
  'ui:options': { endpoint, labelField, valueField: 'id', placeholder, fetchError },
});
/** A master material picker (options not scoped to a company). */
const masterMaterial = oneField(
  {
    schema: masterMaterialSchema,
    uiSchema: {
      ftMaterialId: remoteSelect(
        endpoint(mainCalls.masterMaterials),
        'type',
        'Select master material',
        'Error while fetching all materials',
      ),
    },
  },
  'ftMaterialId',
);
/** A transporter picker (options of the selected company). */
const transporter = oneField(
  {
    schema: routeMasterFormSchema,
    uiSchema: {
      partnerId: remoteSelect(
        endpoint(companyCalls.partners, { query: { t: 'CONSIGNOR', pt: 'TRANSPORTER' } }),
        'name',
        'Select transporter',
        'Error while fetching details',
      ),
    },
  },
  'partnerId',
);

const meta = {
  title: 'Engine/Widgets/RemoteSelectWidget',
  component: WidgetForm,
  args: masterMaterial,
  parameters: {
    docs: {
      description: {
        component:
          "Shown in a one-field form set up as `FormView` sets up its forms (`src/stories/WidgetForm.tsx`): its props below are that form's (schema, uiSchema, form data). In a config: `'ui:widget': 'remoteSelect'` with `ui:options` `{ endpoint, labelField, valueField }` (`RemoteSelectOptions`; also `search`, `query`, `fixedOptions`, `lockOnEdit`): a select whose options come from a call in the company's scope.",
      },
    },
    route: at('/materialmaster', tataSteel),
    api: consoleApi,
  },
} satisfies Meta<typeof WidgetForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Master materials: Steel Coils, HR Sheets, Wire Rods... */
export const MasterMaterials: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('combobox'));
    await expect(await screen.findByText('Wire Rods')).toBeInTheDocument();
  },
};

export const Selected: Story = { args: { formData: { ftMaterialId: 'mm-steel-coils' } } };

/** Transporters linked to Tata Steel, read in the company scope. */
export const TransportersOfCompany: Story = {
  args: transporter,
  parameters: { route: at('/route-master/add', tataSteel) },
};

/** A scoped select without a company loads nothing. */
export const TransportersWithoutCompany: Story = {
  args: transporter,
  parameters: { route: '/route-master/add' },
};

/** Check with nothing chosen shows the schema's message. */
export const Required: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Check' }));
    await expect(await canvas.findByText('Please select material')).toBeInTheDocument();
  },
};
