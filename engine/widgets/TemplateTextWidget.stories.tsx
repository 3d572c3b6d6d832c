import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { notificationCalls } from '../../schemas/api/notifications';
import { NOTIFICATION_CONFIG_MSG } from '../../schemas/notification-config';
import { NOTIFICATION_TOKENS } from '../../schemas/notification-template';
import { at, tataSteel } from '../../src/stories/fixtures';
import { fixtureKey } from '../../src/stories/storyApi';
import { WidgetForm } from '../../src/stories/WidgetForm';
import { endpoint } from '../data/endpoint';

const tokens = endpoint(notificationCalls.configFormFields, { scoped: false });
const VALUE = { label: 'Value', format: '{{$}}' };
const options = (formats: readonly { label: string; format: string }[]) => ({
  tokens, formats, copied: '$ copied to clipboard', note: NOTIFICATION_CONFIG_MSG.pasteNote, rows: 5,
});
const body = (formats: readonly { label: string; format: string }[]) => ({
  schema: { type: 'object', properties: { body: { type: 'string', title: 'Body', maxLength: 10_000 } } },
  uiSchema: { body: { 'ui:widget': 'templateText', 'ui:options': options(formats) } },
});

const meta = {
  title: 'Engine/Widgets/TemplateTextWidget',
  component: WidgetForm,
  args: body([VALUE]),
  parameters: {
    route: at('/configuration-list/notification-config', tataSteel),
    api: { [fixtureKey(notificationCalls.configFormFields)]: { value: [...NOTIFICATION_TOKENS] } },
  },
} satisfies Meta<typeof WidgetForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An SMS text with its placeholders: clicking one copies `{{token}}` and says so. */
export const SmsContent: Story = {
  args: { ...body([VALUE]), formData: { body: 'Trip {{trip_id}} ({{vehicle_number}}) left {{origin}}. ETA {{eta}}.' } },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Placeholders' }));
    await userEvent.click(await screen.findByRole('button', { name: 'driver_name' }));
    await expect(await screen.findByText(NOTIFICATION_CONFIG_MSG.pasteNote)).toBeInTheDocument();
  },
};

/** A webhook body: tokens copy as a value, an IF block or an IF-ELSE block. */
export const WebhookBody: Story = {
  args: {
    ...body([VALUE, { label: 'IF', format: '{{#if $}}{{$}}{{/if}}' }, { label: 'IF-ELSE', format: '{{#if $}}{{$}}{{else}}{{/if}}' }]),
    formData: { body: '{"tripId": "{{trip_id}}", "delay": "{{#if delay_minutes}}{{delay_minutes}}{{else}}0{{/if}}"}' },
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Placeholders' }));
    await expect(await screen.findByText('IF-ELSE')).toBeInTheDocument();
  },
};

/** Disabled (a form being saved): the placeholders do not open. */
export const Disabled: Story = { args: { ...body([VALUE]), disabled: true, formData: { body: 'Trip {{trip_id}}' } } };
