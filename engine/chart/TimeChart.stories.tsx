import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { TimeChart } from './TimeChart';

const START = Date.UTC(2026, 10, 24, 2, 0);
const MINUTE = 60_000;
/** Six hours, a reading a minute: driving at 40-60 km/h, a stop of an hour and a half, a fast stretch. */
const times = Array.from({ length: 361 }, (_, i) => START + i * MINUTE);
const speeds = times.map((_, i) => (i >= 120 && i < 210 ? 0 : i >= 280 && i < 300 ? 92 : 48 + 10 * Math.sin(i / 9)));

const meta = {
  title: 'Engine/Chart/TimeChart',
  component: TimeChart,
  parameters: {
    docs: {
      description: {
        component:
          "One series over time (uPlot on a canvas), with shaded `bands` under the line, a `cursor` line that moves without redrawing, and click to seek (`onSeek`). Used by Trip Data's replay for the speed over a trip. Colours come from the antd theme, so it reads in light and dark.",
      },
    },
  },
  args: {
    times,
    series: { label: 'Speed (km/h)', values: speeds, color: '#1677ff' },
    bands: [
      { start: START + 120 * MINUTE, end: START + 210 * MINUTE, color: 'rgba(140, 140, 140, 0.3)' },
      { start: START + 280 * MINUTE, end: START + 300 * MINUTE, color: '#c41d7f33' },
    ],
    cursor: START + 150 * MINUTE,
    label: 'Speed over the trip',
    onSeek: fn(),
  },
} satisfies Meta<typeof TimeChart>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A trip's speed with a stop and an over-speeding stretch shaded, and the replay's cursor in the stop. */
export const SpeedWithStops: Story = {
  play: async ({ canvasElement }) => {
    const chart = within(canvasElement).getByRole('img', { name: 'Speed over the trip' });
    await waitFor(() => expect(chart.querySelector('canvas')).not.toBeNull());
    const cursor = chart.querySelector<HTMLElement>('.lego-time-chart-cursor');
    await waitFor(() => expect(cursor?.style.display).toBe('block'));
  },
};
