import type { Meta, StoryObj } from '@storybook/react-vite';
import { transporterSchema } from '../../schemas/transporter';
import { logoSvgs, transporters } from '../../src/stories/fixtures';
import { oneField, WidgetForm } from '../../src/stories/WidgetForm';

const logo = oneField({ schema: transporterSchema, uiSchema: { logo: { 'ui:field': 'logo' } } }, 'logo');

/** A small logo as the form keeps it: base64 without the data-URL prefix. */
const uploaded = {
  name: 'tci-freight.svg',
  type: 'image/svg+xml',
  data: btoa(logoSvgs.tci),
};

const meta = {
  title: 'Engine/Widgets/LogoField',
  component: WidgetForm,
  parameters: {
    docs: {
      description: {
        component:
          "Shown in a one-field form set up as `FormView` sets up its forms (`src/stories/WidgetForm.tsx`): its props below are that form's (schema, uiSchema, form data). In a config: `'ui:field': 'logo'`: an image upload kept as base64 in the form data, with a preview (or the edited record's stored logo).",
      },
    },
  },
  args: logo,
} satisfies Meta<typeof WidgetForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

/** A freshly chosen image, previewed from the form data. */
export const Uploaded: Story = { args: { formData: { logo: uploaded } } };

/** A stored logo named by `ui:options.currentUrl` (an edited record's `logoUrl` wins, see FormView's EditTransporter). */
export const StoredLogo: Story = {
  args: { uiSchema: { logo: { 'ui:field': 'logo', 'ui:options': { currentUrl: transporters[0].logoUrl } } } },
};
