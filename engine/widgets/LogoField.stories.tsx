import type { Meta, StoryObj } from '@storybook/react-vite';
import { transporterForm } from '../../screens/transporters';
import { oneField, WidgetForm } from '../stories/WidgetForm';

const logo = oneField(transporterForm, 'logo');

/** A small logo as the form keeps it: base64 without the data-URL prefix. */
const uploaded = {
  name: 'tci-freight.svg',
  type: 'image/svg+xml',
  data: btoa('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" rx="8" fill="#0b3d91"/><text x="24" y="30" font-size="14" text-anchor="middle" fill="#fff" font-family="sans-serif">TCI</text></svg>'),
};

const meta = {
  title: 'Engine/Widgets/LogoField',
  component: WidgetForm,
  args: logo,
} satisfies Meta<typeof WidgetForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

/** A freshly chosen image, previewed from the form data. */
export const Uploaded: Story = { args: { formData: { logo: uploaded } } };

/** The stored logo of a transporter being edited (`ui:options.currentUrl`). */
export const StoredLogo: Story = {
  args: { uiSchema: { logo: { 'ui:field': 'logo', 'ui:options': { currentUrl: '/logo.svg' } } } },
};
