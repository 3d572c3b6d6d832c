import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { consoleApi } from '../stories/fixtures';
import { openSelectA11y } from '../stories/a11y';
import { searchCompanies } from './lookups';
import { RemoteSearch } from './RemoteSearch';

const meta = {
  title: 'Shell/RemoteSearch',
  component: RemoteSearch<unknown>,
  args: { ariaLabel: 'Company', placeholder: 'Company', search: searchCompanies, onSelect: fn() },
  parameters: { api: consoleApi },
} satisfies Meta<typeof RemoteSearch<unknown>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

/** Fewer than 3 characters: no call, a hint instead. */
export const TooShort: Story = {
  parameters: { a11y: openSelectA11y },
  play: async ({ canvasElement }) => {
    await userEvent.type(within(canvasElement).getByRole('combobox', { name: 'Company' }), 'Ta');
    await expect(await screen.findByText('Type at least 3 characters')).toBeInTheDocument();
  },
};

/** 'logis' finds VRL Logistics Limited after the 500 ms pause. */
export const Matches: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.type(within(canvasElement).getByRole('combobox', { name: 'Company' }), 'logis');
    await expect(
      await screen.findByText('VRL Logistics Limited (TRANSPORTER)', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
  },
};

export const Selected: Story = { args: { value: { value: '1001', label: 'Tata Steel Limited (CONSIGNOR)' } } };
