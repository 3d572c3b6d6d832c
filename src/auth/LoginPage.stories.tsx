import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { apiCalls, failure, ok } from '../stories/storyApi';
import { signedInUser } from '../stories/fixtures';
import { LoginPage } from './LoginPage';
import { DENIED } from './usePermissionGate';
import { authCalls } from '../../schemas/api/auth';
import { fixtureKey } from '../../src/stories/storyApi';

const meta = {
  title: 'Auth/LoginPage',
  component: LoginPage,
  args: { onLoggedIn: fn() },
  parameters: {
    layout: 'fullscreen',
    route: '/login',
    storage: { userEmail: signedInUser.email },
    api: { [fixtureKey(authCalls.requestCode)]: ok(null) },
  },
} satisfies Meta<typeof LoginPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** First step: the remembered e-mail, and Send code. */
export const SendCode: Story = {
  play: async ({ canvasElement }) => {
    const identifier = within(canvasElement).getByRole('textbox', { name: 'E-mail or phone' });
    await expect(identifier).toHaveValue('priya.sharma@tatasteel.com');
    // The page opens with the field focused (autoFocus); focused here too, as the story before it in the same tab may
    // have moved the focus as it unmounted (a closing dialog gives it back to what had it).
    identifier.focus();
    await expect(identifier).toHaveFocus();
  },
};

/** A desk without the console permission comes back to the login with the gate's message. */
export const AccessDenied: Story = {
  args: { error: DENIED },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(DENIED)).toBeInTheDocument();
    // Focused as the page opens it (autoFocus), whatever the story before it in the same tab left (see SendCode).
    const identifier = within(canvasElement).getByRole('textbox', { name: 'E-mail or phone' });
    identifier.focus();
    await expect(identifier).toHaveFocus();
  },
};

/** An invalid identifier is refused with the shared schema's message. */
export const InvalidIdentifier: Story = {
  parameters: { storage: { userEmail: '' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'E-mail or phone' }), '98450');
    await userEvent.click(canvas.getByRole('button', { name: 'Send code' }));
    await expect(await canvas.findByText('Please enter a valid e-mail or 10 digit phone number')).toBeInTheDocument();
  },
};

/** Second step: the code was sent; the page asks for it. */
export const CodeSent: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Send code' }));
    await expect(await canvas.findByRole('textbox', { name: 'One-time code' })).toBeInTheDocument();
    await expect(apiCalls.at(-1)?.body).toEqual({ identifier: 'priya.sharma@tatasteel.com' });
  },
};

/** The auth service refuses (too many requests): its message shows above the form. */
export const RequestRefused: Story = {
  parameters: {
    api: { [fixtureKey(authCalls.requestCode)]: failure(429, 'Too many code requests. Try again in 10 minutes') },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Send code' }));
    await expect(await canvas.findByText('Too many code requests. Try again in 10 minutes')).toBeInTheDocument();
  },
};
