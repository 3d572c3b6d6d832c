import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { apConfigFormSchema } from '../../schemas/ap-config';
import { WidgetForm } from '../../src/stories/WidgetForm';

/** The AP config's JSON editor: the text is parsed as typed; Format indents a valid object. */
const meta = {
  title: 'Engine/Widgets/JsonEditorWidget',
  component: WidgetForm,
  parameters: {
    docs: {
      description: {
        component:
          "Shown in a one-field form set up as `FormView` sets up its forms (`src/stories/WidgetForm.tsx`): its props below are that form's (schema, uiSchema, form data). In a config: `'ui:widget': 'jsonEditor'` on a string with format `json-object`: a monospace area parsed as typed, saying whether it holds an object or why not, with Format. `ui:options.rows` sets its height (10).",
      },
    },
  },
  args: {
    schema: { type: 'object', properties: { value: apConfigFormSchema.properties.value } },
    uiSchema: { value: { 'ui:widget': 'jsonEditor', 'ui:options': { rows: 8 } } },
  },
} satisfies Meta<typeof WidgetForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An exception-charges value: an object, so it can be formatted. */
export const ValidObject: Story = {
  args: { formData: { value: '{"detention":{"perHour":250,"freeHours":4},"currency":"INR"}' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('JSON object with 2 keys')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Format JSON' }));
    await expect((canvas.getByRole('textbox') as HTMLTextAreaElement).value).toContain('\n  "detention": {');
  },
};

/** A brace pattern is not enough: this text has braces but does not parse. */
export const BracesButNotJson: Story = {
  args: { formData: { value: "{ desk: 'ap-west' }" } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/Not a JSON object yet/)).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Format JSON' })).toBeDisabled();
  },
};

/** A list parses, but is not an object. */
export const ListIsNotAnObject: Story = {
  args: { formData: { value: '[1, 2, 3]' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/not a list/)).toBeInTheDocument();
  },
};
