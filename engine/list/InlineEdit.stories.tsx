import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { notificationCalls } from '../../schemas/api/notifications';
import { consoleApi } from '../../src/stories/fixtures';
import { ApiReply, fixtureKey, type ApiRequest } from '../../src/stories/storyApi';
import { eventList } from '../../screens/event-list';
import { ListView } from './ListView';

/** The platform's notification events, as the notification service answers them (`{value}`). */
const events = [
  { id: 4, name: 'consent.pending', event_status: 'PENDING' },
  { id: 6, name: 'eta.breach', event_status: 'ONBOARDED' },
  { id: 8, name: 'geofence.entry', event_status: 'PENDING' },
  { id: 3, name: 'long.stoppage', event_status: 'ONBOARDED' },
  { id: 2, name: 'trip.closed', event_status: 'ONBOARDED' },
  { id: 1, name: 'trip.created', event_status: 'ONBOARDED' },
];

/** The save: a name taken answers 500 as the service does; a status change answers the event. */
const saveEvent = ({ body }: ApiRequest) => {
  const sent = body as { name?: string; id?: number; event_status?: string };
  if (sent.name && events.some((event) => event.name.toLowerCase() === sent.name!.toLowerCase())) {
    return new ApiReply(500, { success: false, data: null, message: ['Event is already created'] });
  }
  return {
    value: sent.id
      ? { ...events.find((event) => event.id === sent.id), event_status: sent.event_status }
      : { id: 99, name: sent.name, event_status: 'PENDING' },
  };
};

const api = {
  ...consoleApi,
  [fixtureKey(notificationCalls.events)]: { value: events },
  [fixtureKey(notificationCalls.saveEvent)]: saveEvent,
};

/**
 * A list's header filters and in-place edit, on the events list (spec 002 section 2.3): a searched column marks the
 * text, a column of options filters by the values ticked, a row is edited in place with Save and Cancel, and a header
 * button opens a create form in a modal.
 */
const meta = {
  title: 'Engine/List/Header filters and inline edit',
  component: ListView,
  args: { config: eventList },
  parameters: {
    docs: {
      description: {
        component:
          "A list whose config declares filters in the column headers and cells edited in place (`inlineEdit`): the event list of spec 002. One row is edited at a time; Save checks every editor has a value, sends the row through the config's call and reads the rows again.",
      },
    },
    route: '/event-list',
    api,
  },
} satisfies Meta<typeof ListView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The events by name; Edit is disabled for ONBOARDED ones. */
export const Events: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    /** The Edit button of the event named `name`, read again each time (a row drawn again is a new element). */
    const editOf = async (name: string) =>
      within(await canvas.findByRole('row', { name: new RegExp(name) })).findByRole('button', { name: 'Edit' });
    // The row actions' code loads after the rows: each button is waited for in its row.
    await waitFor(async () => expect(await editOf('consent.pending')).toBeEnabled());
    await waitFor(async () => expect(await editOf('eta.breach')).toBeDisabled());
  },
};

/**
 * Searching the names from the column's menu keeps the matching rows and marks the text. The column's menu loads its
 * code the first time a filtered column shows (vite.config.ts), after the rows may have: its trigger is waited for.
 */
export const ColumnSearch: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('trip.created');
    await userEvent.click(await canvas.findByRole('button', { name: 'Search Event Name' }));
    await userEvent.type(await screen.findByLabelText('Search Event Name', { selector: 'input' }), 'trip');
    await userEvent.click(await screen.findByRole('button', { name: 'Search' }));
    await expect(await canvas.findAllByText('trip', { selector: 'mark' })).toHaveLength(2);
    await expect(canvas.queryByText('eta.breach')).not.toBeInTheDocument();
  },
};

/** Edit turns the status into a select with Save and Cancel; an empty status is refused. */
export const InlineEdit: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('consent.pending');
    await userEvent.click((await canvas.findAllByRole('button', { name: 'Edit' }))[0]);
    await expect(canvas.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  },
};

/** 'Create Event' opens the 'Creat Event' modal; a name taken is said in the modal. */
export const CreateModal: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Create Event' }));
    const dialog = within(await screen.findByRole('dialog'));
    await expect(dialog.getByText('Creat Event')).toBeInTheDocument();
    await userEvent.type(dialog.getByLabelText('Event Name'), 'Trip.Created');
    await userEvent.click(dialog.getByRole('button', { name: 'Submit' }));
    await expect(await dialog.findByText('Event is already created')).toBeInTheDocument();
  },
};
