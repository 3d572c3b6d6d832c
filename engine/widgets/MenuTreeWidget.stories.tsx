import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { WidgetForm } from '../../src/stories/WidgetForm';
import type { TreeItem } from './MenuTreeWidget';

/** A part of the platform's menu: Trips and Analytics with their children. */
const items: TreeItem[] = [
  { value: 'trips', label: 'Trips', parent: null },
  { value: 'trip_list', label: 'Trip List', parent: 'trips' },
  { value: 'create_trip', label: 'Create Trip', parent: 'trips' },
  { value: 'analytics', label: 'Analytics', parent: null },
  { value: 'trip_analytics', label: 'Trip Analytics', parent: 'analytics' },
  { value: 'freight_analytics', label: 'Freight Analytics', parent: 'analytics' },
];

const meta = {
  title: 'Engine/Widgets/MenuTreeWidget',
  component: WidgetForm,
  parameters: {
    docs: {
      description: {
        component:
          "Shown in a one-field form set up as `FormView` sets up its forms (`src/stories/WidgetForm.tsx`): its props below are that form's (schema, uiSchema, form data). In a config: `'ui:widget': 'menuTree'` on an array of strings, with `ui:options.items` (value, label, parent): a checkable tree where choosing an entry chooses its parent and unchoosing one unchooses its children.",
      },
    },
  },
  args: {
    schema: {
      type: 'object',
      properties: { extracontext: { type: 'array', title: 'Menu List', items: { type: 'string' } } },
    },
    uiSchema: { extracontext: { 'ui:widget': 'menuTree', 'ui:options': { items } } },
  },
} satisfies Meta<typeof WidgetForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const formData = (canvasElement: HTMLElement) =>
  JSON.parse(within(canvasElement).getByTestId('form-data').textContent ?? '{}') as { extracontext?: string[] };

/** Choosing a child also chooses its parent. */
export const ChildBringsParent: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByText('Freight Analytics'));
    await expect(formData(canvasElement).extracontext).toEqual(['analytics', 'freight_analytics']);
  },
};

/** A stored selection; unchecking a parent drops its children. */
export const ParentDropsChildren: Story = {
  args: { formData: { extracontext: ['trips', 'trip_list', 'create_trip', 'analytics'] } },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByText('Trips'));
    await expect(formData(canvasElement).extracontext).toEqual(['analytics']);
  },
};
