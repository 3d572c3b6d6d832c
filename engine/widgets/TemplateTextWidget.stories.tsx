import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
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
  tokens,
  formats,
  copied: '$ copied to clipboard',
  note: NOTIFICATION_CONFIG_MSG.pasteNote,
  rows: 5,
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
    docs: {
      description: {
        component:
          "Shown in a one-field form set up as `FormView` sets up its forms (`src/stories/WidgetForm.tsx`): its props below are that form's (schema, uiSchema, form data). In a config: `'ui:widget': 'templateText'` with `ui:options` `{ tokens, formats, copied }` (`TemplateTextOptions`): a message template with a list of its placeholder tokens, each copied in the chosen format.",
      },
    },
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
    ...body([
      VALUE,
      { label: 'IF', format: '{{#if $}}{{$}}{{/if}}' },
      { label: 'IF-ELSE', format: '{{#if $}}{{$}}{{else}}{{/if}}' },
    ]),
    formData: { body: '{"tripId": "{{trip_id}}", "delay": "{{#if delay_minutes}}{{delay_minutes}}{{else}}0{{/if}}"}' },
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Placeholders' }));
    await expect(await screen.findByText('IF-ELSE')).toBeInTheDocument();
  },
};

/** Disabled (a form being saved): the placeholders do not open. */
export const Disabled: Story = { args: { ...body([VALUE]), disabled: true, formData: { body: 'Trip {{trip_id}}' } } };

const popup = (title: string, empty: string, max: number, rows: number) => ({
  schema: { type: 'object', properties: { text: { type: 'string', title, maxLength: max } } },
  uiSchema: {
    text: {
      'ui:widget': 'templateText',
      'ui:options': { ...options([VALUE]), rows, popup: { open: `Edit ${title}`, title, empty } },
    },
  },
});
const formData = (canvasElement: HTMLElement) => within(canvasElement).getByTestId('form-data').textContent ?? '';

/**
 * An e-mail subject edited in its popup: Save with an empty subject says 'Plese enter subject' and stays open; Cancel
 * leaves the form as it was; Save writes the subject into the form.
 */
export const SubjectPopup: Story = {
  args: {
    ...popup('Subject', NOTIFICATION_CONFIG_MSG.subjectPopup, 500, 1),
    formData: { text: 'Eta Breach: trip {{trip_id}}' },
  },
  play: async ({ canvasElement }) => {
    const open = within(canvasElement).getByRole('button', { name: 'Edit Subject' });
    await userEvent.click(open);
    let dialog = within(await screen.findByRole('dialog'));
    const text = dialog.getByRole('textbox', { name: 'Subject' });
    await expect(text).toHaveValue('Eta Breach: trip {{trip_id}}');
    await userEvent.clear(text);
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(await dialog.findByText(NOTIFICATION_CONFIG_MSG.subjectPopup)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(formData(canvasElement)).toContain('Eta Breach: trip {{trip_id}}');

    await userEvent.click(open);
    dialog = within(await screen.findByRole('dialog'));
    await expect(dialog.getByRole('group', { name: 'Placeholder tokens' })).toBeInTheDocument();
    await userEvent.clear(dialog.getByRole('textbox', { name: 'Subject' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Subject' }), 'Vehicle delayed');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(formData(canvasElement)).toContain('"text": "Vehicle delayed"'));
  },
};

/** An SMS content popup: its tokens and paste note beside the text; Save with no content says 'Please enter sms content'. */
export const SmsContentPopup: Story = {
  args: { ...popup('SMS Content', NOTIFICATION_CONFIG_MSG.smsContent, 10_000, 4) },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Edit SMS Content' }));
    const dialog = within(await screen.findByRole('dialog'));
    await expect(await dialog.findByRole('button', { name: 'driver_name' })).toBeInTheDocument();
    await expect(dialog.getByText(NOTIFICATION_CONFIG_MSG.pasteNote)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(await dialog.findByText(NOTIFICATION_CONFIG_MSG.smsContent)).toBeInTheDocument();
    await userEvent.type(dialog.getByRole('textbox', { name: 'SMS Content' }), 'Trip delayed');
    await expect(dialog.queryByText(NOTIFICATION_CONFIG_MSG.smsContent)).toBeNull();
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(formData(canvasElement)).toContain('"text": "Trip delayed"'));
  },
};

/** A WhatsApp content popup with the WhatsApp message for an empty Save. */
export const WhatsappContentPopup: Story = {
  args: {
    ...popup('WhatsApp Content', NOTIFICATION_CONFIG_MSG.whatsappContent, 10_000, 4),
    formData: { text: 'Long stoppage of {{vehicle_number}}' },
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Edit WhatsApp Content' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.clear(dialog.getByRole('textbox', { name: 'WhatsApp Content' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(await dialog.findByText(NOTIFICATION_CONFIG_MSG.whatsappContent)).toBeInTheDocument();
  },
};
