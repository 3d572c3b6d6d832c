import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { userIdTextSchema } from '../../schemas/sidebar-menu';
import { WidgetForm } from '../../src/stories/WidgetForm';

/** The user ids of the sidebar override: digits, commas and spaces, at most 100 numbers. */
const meta = {
  title: 'Engine/Widgets/IdListWidget',
  component: WidgetForm,
  parameters: {
    docs: {
      description: {
        component:
          "Shown in a one-field form set up as `FormView` sets up its forms (`src/stories/WidgetForm.tsx`): its props below are that form's (schema, uiSchema, form data). In a config: `'ui:widget': 'idList'`: a comma-separated list of numeric ids, checked as typed against the field's schema, whose messages it shows.",
      },
    },
  },
  args: {
    schema: { type: 'object', properties: { userId: userIdTextSchema } },
    uiSchema: { userId: { 'ui:widget': 'idList' } },
  },
} satisfies Meta<typeof WidgetForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Valid ids show no message. */
export const Valid: Story = {
  args: { formData: { userId: '1042, 1043,1044' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('alert')).not.toBeInTheDocument();
  },
};

/** A letter is reported while typing. */
export const LettersAreRejected: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox'), '1042, 10a');
    await expect(await canvas.findByText('Only numbers and commas are allowed')).toBeInTheDocument();
  },
};

/** 101 ids are one too many. */
export const TooMany: Story = {
  args: { formData: { userId: Array.from({ length: 101 }, (_, i) => 5000 + i).join(',') } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('You can only add up to 100 user IDs')).toBeInTheDocument();
  },
};
