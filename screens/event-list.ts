import { endpoint } from '../engine/data/endpoint';
import { inFormOnStatus } from '../engine/form/failure';
import { inlineEdit } from '../engine/list/parts';
import { defineForm, defineList } from '../engine/registry/define';
import { notificationCalls } from '../schemas/api/notifications';
import {
  EVENT_MSG,
  EVENT_STATUSES,
  eventCreateFormSchema,
  type NotificationEvent,
} from '../schemas/notification-event';
import * as registered from './event-list.meta';

const saveEvent = endpoint(notificationCalls.saveEvent);
const statuses = EVENT_STATUSES.map((status) => ({ value: status, label: status }));

/**
 * The 'Create Event' modal ('Creat Event', as the spec spells it): the event's name; a name taken (the service's 500)
 * says 'Event is already created' in the modal.
 */
export const createEventForm = defineForm({
  title: { create: 'Creat Event' },
  requiresCompany: false,
  schema: eventCreateFormSchema,
  uiSchema: { name: { 'ui:placeholder': 'e.g. trip.created', 'ui:autofocus': true } },
  submit: { create: saveEvent },
  toSubmission: ({ name }) => ({ body: { name } }),
  messages: { created: EVENT_MSG.added, createError: EVENT_MSG.saveError },
  onFailure: inFormOnStatus({ 500: EVENT_MSG.duplicate }),
});

/**
 * /event-list: the platform's notification events (no company needed), by name; the name searched and the status
 * filtered from the column headers. A PENDING event is onboarded in place (Edit, then the status select, Save);
 * an ONBOARDED one cannot be edited again.
 */
export const eventList = defineList({
  ...registered.eventList,
  requiresCompany: false,
  source: endpoint(notificationCalls.events),
  rowKey: 'id',
  search: { placeholder: 'Search events' },
  noun: 'events',
  columns: [
    { title: 'Event Name', field: 'name', searchable: true },
    {
      title: 'Status',
      field: 'event_status',
      width: 220,
      filterOptions: statuses,
      editor: { kind: 'select', options: statuses },
    },
  ],
  emptyText: 'No events found',
  fetchError: EVENT_MSG.fetchError,
  headerButtons: [{ label: 'Create Event', modal: createEventForm, primary: true }],
  actionTitle: 'operation',
  // A PENDING event is onboarded in place.
  parts: [
    inlineEdit<NotificationEvent>({
      endpoint: saveEvent,
      input: (event, values) => ({ body: { id: event.id, event_status: values.event_status } }),
      disabledWhen: (event) => event.event_status === 'ONBOARDED',
      cancelConfirm: EVENT_MSG.sureToCancel,
      success: EVENT_MSG.updated,
      error: EVENT_MSG.saveError,
    }),
  ],
});
