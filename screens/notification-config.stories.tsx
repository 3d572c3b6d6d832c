import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { notificationConfigForm, notificationConfigList } from './notification-config';
import { notificationCalls } from '../schemas/api/notifications';
import { NOTIFICATION_CONFIG_MSG } from '../schemas/notification-config';
import { NOTIFICATION_TOKENS, SAMPLE_TRIP } from '../schemas/notification-template';
import { at, consoleApi, tataSteelDispatch } from '../src/stories/fixtures';
import { fixtureKey, type ApiRequest } from '../src/stories/storyApi';
import { FormView } from '../engine/form/FormView';
import { ListView } from '../engine/list/ListView';

/** The notification service's answers for Tata Steel, Jamshedpur (the seed's configurations). */
const events = [
  { id: 1, name: 'epod.delivered' },
  { id: 2, name: 'eta.breach' },
  { id: 3, name: 'long.stoppage' },
  { id: 6, name: 'trip.created' },
];
const configs = [
  { customerConfigId: 3, eventName: 'long.stoppage', isEnabled: true, mode: 'WHATSAPP' },
  { customerConfigId: 4, eventName: 'long.stoppage', isEnabled: false, mode: 'WEBHOOKS' },
  { customerConfigId: 2, eventName: 'trip.created', isEnabled: true, mode: 'EMAIL' },
  { customerConfigId: 1, eventName: 'trip.created', isEnabled: true, mode: 'SMS' },
];
const notificationApi = {
  ...consoleApi,
  [fixtureKey(notificationCalls.onboardedEvents)]: { value: events },
  [fixtureKey(notificationCalls.configFormFields)]: { value: [...NOTIFICATION_TOKENS] },
  [fixtureKey(notificationCalls.configurations)]: { value: configs },
  [fixtureKey(notificationCalls.modeConfiguration)]: ({ query }: ApiRequest) => ({
    value:
      query.get('event_id') === '6' && query.get('mode') === 'SMS'
        ? { configured: true, default_body: '', default_subject: '' }
        : {
            configured: false,
            default_body: 'Eta Breach: trip {{trip_id}}, vehicle {{vehicle_number}}. ETA {{eta}}.',
            default_subject: 'Eta Breach: trip {{trip_id}}',
          },
  }),
  [fixtureKey(notificationCalls.editConfiguration)]: {
    value: {
      customerConfigId: 1,
      eventId: 6,
      eventName: 'trip.created',
      mode: 'SMS',
      mobilenumbers: '9876543210,8123456789',
      body: 'Trip {{trip_id}} created: {{vehicle_number}}',
    },
  },
  [fixtureKey(notificationCalls.preview)]: {
    value: { body: `Trip ${SAMPLE_TRIP.trip_id} created: ${SAMPLE_TRIP.vehicle_number}`, unknownTokens: [] },
  },
};

const meta = {
  title: 'Screens/Notification Configuration',
  component: FormView,
  args: { config: notificationConfigForm },
  parameters: {
    route: at('/configuration-list/notification-config', tataSteelDispatch),
    path: '/configuration-list/notification-config',
    api: notificationApi,
  },
} satisfies Meta<typeof FormView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new configuration: Event and Mode first; the mode's fields follow once it is chosen. */
export const NewConfiguration: Story = {};

/** Submitting without event and mode names both. */
export const Validation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expect(await canvas.findByText(NOTIFICATION_CONFIG_MSG.event)).toBeInTheDocument();
    await expect(canvas.getByText(NOTIFICATION_CONFIG_MSG.mode)).toBeInTheDocument();
  },
};

/** Editing trip.created by SMS: event and mode locked, the two numbers as rows. */
export const EditSms: Story = {
  parameters: {
    route: at('/configuration-list/edit-notification-config/1', tataSteelDispatch),
    path: '/configuration-list/edit-notification-config/:customerConfigId',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByDisplayValue('8123456789')).toBeInTheDocument();
  },
};

/** Preview of the SMS being edited: the template rendered with the sample trip, in a dialog. */
export const Preview: Story = {
  parameters: EditSms.parameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByDisplayValue('8123456789');
    await userEvent.click(canvas.getByRole('button', { name: 'Preview' }));
    // The dialog is drawn outside the story's root.
    const page = within(canvasElement.ownerDocument.body);
    await expect(
      await page.findByText(`Trip ${SAMPLE_TRIP.trip_id} created: ${SAMPLE_TRIP.vehicle_number}`),
    ).toBeInTheDocument();
  },
};

/** The list of /configuration-list with its switches. */
export const List: StoryObj<typeof ListView> = {
  render: () => <ListView config={notificationConfigList} />,
  parameters: { route: at('/configuration-list', tataSteelDispatch), path: '/configuration-list' },
};
