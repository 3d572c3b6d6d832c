import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { columnKinds } from '../columnKinds';
import { JSON_CELL_HEIGHT, JsonCell } from './JsonCell';

/** A `json` column's cell: an AP config's value as indented JSON, scrolling once it is taller than the row allows. */
const meta = {
  title: 'Engine/List/JsonCell',
  component: JsonCell,
  parameters: {
    docs: {
      description: {
        component:
          "A cell of a `json` column: the value's indented JSON in a box that scrolls past 120 px, so a long value keeps its row short; the box takes focus so a keyboard scrolls it. Columns get it with `kind: 'json'`.",
      },
    },
  },
  args: {
    label: 'Value',
    text: columnKinds.json({
      detention: { freeHours: 6, perHour: 300 },
      loadingDelay: { perHour: 150 },
      currency: 'INR',
    }),
  },
  decorators: [
    (Story) => (
      <div style={{ width: 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof JsonCell>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Exception charges of ten lines: taller than the cell, so it scrolls. */
export const ExceptionCharges: Story = {
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByLabelText('Value');
    await expect(box.textContent).toContain('"perHour": 300');
    await expect(box.style.maxHeight).toBe(`${JSON_CELL_HEIGHT}px`);
    await expect(box.style.overflow).toBe('auto');
  },
};

/** A short desk value fits without scrolling. */
export const Desk: Story = { args: { text: columnKinds.json({ desk: 'ap-west' }) } };
