import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { BarChart } from './BarChart';

const meta = {
  title: 'Engine/Chart/BarChart',
  component: BarChart,
  parameters: {
    docs: {
      description: {
        component:
          "Grouped horizontal bars: one group per category, one bar per series, each with its value, in the theme's colours. Used by 'Preview impact' to set alert counts as they are beside as they would be. Give it `series` (the bars' names), `categories` (a label and one value per series) and a `label` that names the chart for screen readers.",
      },
    },
  },
  args: {
    series: ['As it is', 'As it would be'],
    categories: [
      { label: 'Long stoppage L1', values: [42, 17] },
      { label: 'Long stoppage L2', values: [9, 3] },
      { label: 'Over speeding', values: [12, 12] },
      { label: 'Route deviation', values: [4, 7] },
    ],
    label: 'Alerts by type and level, as it is and as it would be',
  },
} satisfies Meta<typeof BarChart>;
export default meta;
type Story = StoryObj<typeof meta>;

/** An alert impact preview's counts: each bar as long as its count, on one scale, its figure beside it. */
export const BeforeAndAfter: Story = {
  play: async ({ canvasElement }) => {
    const chart = within(canvasElement).getByRole('img', { name: /Alerts by type and level/ });
    const widths = [...chart.querySelectorAll<HTMLElement>('span[style*="width"]')]
      .map((bar) => bar.style.width)
      .filter((width) => width.endsWith('%'));
    // The longest count (42) fills the scale's 85 %, the others in proportion.
    await expect(widths[0]).toBe('85%');
    await expect(Number.parseFloat(widths[1])).toBeCloseTo((17 / 42) * 85, 1);
  },
};
