import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { auditLogList } from './audit-log';
import { at, auditApi, consoleApi, tataSteel } from '../src/stories/fixtures';
import { ListView } from '../engine/list/ListView';

const meta = {
  title: 'Screens/Audit Log',
  component: ListView,
  args: { config: auditLogList },
  parameters: { route: at('/audit-log', tataSteel), api: { ...consoleApi, ...auditApi } },
} satisfies Meta<typeof ListView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Tata Steel's changes, newest first: who, what and which fields; the demo data loaded by the system last. */
export const Changes: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('TSL-PNQ-BOM')).toBeInTheDocument();
    await expect(canvas.getByText('System')).toBeInTheDocument();
    // Changed fields in words: the alert's settings, key by key.
    await expect(canvas.getByText('Settings › ticketing › raise ticket')).toBeInTheDocument();
  },
};

/**
 * A copied entry says where it came from and who copied it (issue 33); the system's entries (the demo data) offer no
 * Revert.
 */
export const Provenance: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('Copied from Hindustan Unilever Limited · Mumbai by Priya Sharma'),
    ).toBeInTheDocument();
    const system = canvas.getByText('System').closest('tr')!;
    await expect(within(system).queryByRole('button', { name: 'Revert' })).toBeNull();
    await expect(canvas.getAllByRole('button', { name: 'Revert' })).toHaveLength(5);
  },
};

/** A row opened: each changed field with its old and new value. */
export const ChangedFields: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('TSL-PNQ-BOM');
    await userEvent.click(canvas.getAllByRole('button', { name: /expand row/i })[0]);
    await expect(await canvas.findByText('Pune - Mumbai (Taloja)')).toBeInTheDocument();
    await expect(canvas.getByText('270')).toBeInTheDocument();
  },
};

/**
 * Filtered by object type: only the vehicle created at Kolkata is left. The filters load their code with the first
 * list that has them, maybe after the rows show, and the choices open after the typing: both are waited for.
 */
export const FilteredByType: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('TSL-PNQ-BOM');
    await userEvent.type(await canvas.findByLabelText('Object type'), 'Vehic');
    // The choice in the select's menu (the table's Object cells carry the same title).
    const menu = await waitFor(() => {
      const open = document.querySelector<HTMLElement>('.ant-select-dropdown');
      expect(open).not.toBeNull();
      return open!;
    });
    await userEvent.click(await within(menu).findByTitle('Vehicle'));
    await waitFor(() => expect(canvas.queryByText('TSL-PNQ-BOM')).not.toBeInTheDocument());
    await expect(await canvas.findByText('32 ft MXL Reefer')).toBeInTheDocument();
    await expect(canvas.getByText('1-1 of 1 changes')).toBeInTheDocument();
  },
};
