import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ok } from '../stories/storyApi';
import { ChangePasswordForm } from './ChangePasswordForm';
import { authCalls } from '../../schemas/api/auth';
import { fixtureKey } from '../../src/stories/storyApi';

/** The submit button; matched loosely because antd keeps the Send code button's loading icon while it fades out. */
const UPDATE = { name: /Update password/ };

const meta = {
  title: 'Auth/ChangePasswordForm',
  component: ChangePasswordForm,
  args: { remembered: 'anil.kumar@tatasteel.com' },
  parameters: {
    layout: 'fullscreen',
    route: '/login?block=change-password',
    api: { [fixtureKey(authCalls.requestCode)]: ok(null), [fixtureKey(authCalls.changePassword)]: ok(null) },
  },
} satisfies Meta<typeof ChangePasswordForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** After the expiry dialog: the remembered e-mail, and Send code. */
export const SendCode: Story = {};

/** The code was sent: code, new password and confirmation. */
export const CodeSent: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Send code' }));
    await expect(await canvas.findByLabelText('New password')).toBeInTheDocument();
  },
};

/** The two passwords differ. */
export const Mismatch: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Send code' }));
    await userEvent.type(await canvas.findByLabelText('One-time code'), '482913');
    await userEvent.type(canvas.getByLabelText('New password'), 'Jamshedpur2026');
    await userEvent.type(canvas.getByLabelText('Confirm new password'), 'Jamshedpur2025');
    await userEvent.click(canvas.getByRole('button', UPDATE));
    await expect(await canvas.findByText('Passwords do not match')).toBeInTheDocument();
  },
};

/** Code and a valid new password: updated, sign in again. */
export const Updated: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Send code' }));
    await userEvent.type(await canvas.findByLabelText('One-time code'), '482913');
    await userEvent.type(canvas.getByLabelText('New password'), 'Jamshedpur2026');
    await userEvent.type(canvas.getByLabelText('Confirm new password'), 'Jamshedpur2026');
    await userEvent.click(canvas.getByRole('button', UPDATE));
    await expect(await canvas.findByText('Password updated. Sign in again to continue.')).toBeInTheDocument();
  },
};
