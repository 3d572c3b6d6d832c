import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { MSG } from '../../schemas/messages';
import { StaleRecordModal } from './StaleRecordModal';

const meta = {
  title: 'Engine/Form/StaleRecordModal',
  component: StaleRecordModal,
  parameters: {
    docs: {
      description: {
        component:
          "Shown when a save is refused because someone else changed the record meanwhile (412): 'Reload' loads their version into the form, 'Cancel' keeps what the operator typed. `FormView` opens it; a screen only sets the message.",
      },
    },
  },
  args: { message: MSG.staleRecord, reloading: false, onReload: fn(), onClose: fn() },
} satisfies Meta<typeof StaleRecordModal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A save refused because someone else changed the record: the server's message and 'Reload', which loads their version. */
export const Refused: Story = {
  play: async ({ args }) => {
    await expect(await screen.findByText(MSG.staleRecord)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await expect(args.onReload).toHaveBeenCalledOnce();
  },
};

/** While the record loads again, Reload spins. */
export const Reloading: Story = {
  args: { reloading: true },
};
