import type { FromSchema } from 'json-schema-to-ts';

/**
 * Notification events (spec 002 sections 2.3, 5 and 7): the platform-wide events a company's notifications are
 * configured for. The texts the create modal and the status edit show, spelled exactly as the spec does, and the
 * schemas of the notification service's event calls. The server checks every save with the form's texts.
 */
export const EVENT_MSG = {
  nameRequired: 'Please enter event name',
  nameInvalid: 'Please enter valid name',
  nameShort: 'Please enter atleast 3 character',
  nameTooLong: 'Event name must be at most 100 characters',
  /** The status edit's rule ('Please Input {title}!' with the column's title). */
  statusRequired: 'Please Input Status!',
  /** A name another event already has, whatever its case; the service answers it with status 500 (spec 002 section 7). */
  duplicate: 'Event is already created',
  /** An ONBOARDED event never goes back to PENDING (spec 002 section 5). */
  onboardedFinal: 'An onboarded event cannot be set back to pending',
  badId: 'Event id must be a whole number from 1 to 2147483647',
  added: 'Event added successfully',
  updated: 'Event updated successfully',
  fetchError: 'Error while fetching events',
  saveError: 'Error while saving event',
  /** Asked before an inline edit is dropped. */
  sureToCancel: 'Sure to cancel?',
} as const;

/** The statuses of an event, in the order the filter and the select offer them. */
export const EVENT_STATUSES = ['ONBOARDED', 'PENDING'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** Longest event name; the length is checked before the pattern. */
export const EVENT_NAME_MAX = 100;

const M = EVENT_MSG;

/** An event's name: letters, digits and dots, 3 to 100 of them. */
const name = {
  type: 'string',
  title: 'Event Name',
  maxLength: EVENT_NAME_MAX,
  minLength: 3,
  pattern: '^[A-Za-z0-9.]*$',
  errorMessage: { type: M.nameRequired, maxLength: M.nameTooLong, minLength: M.nameShort, pattern: M.nameInvalid },
} as const;

const eventStatus = { type: 'string', title: 'Status', enum: EVENT_STATUSES, errorMessage: M.statusRequired } as const;

/** A stored event's id (a PostgreSQL integer). */
export const eventIdSchema = { type: 'integer', minimum: 1, maximum: 2147483647, errorMessage: M.badId } as const;

/** The 'Creat Event' modal: the event's name. */
export const eventCreateFormSchema = {
  type: 'object',
  properties: { name },
  required: ['name'],
  errorMessage: { required: { name: M.nameRequired } },
} as const;

/** The status edit of a row: the status (required, 'Please Input Status!'). */
export const eventStatusFormSchema = {
  type: 'object',
  properties: { event_status: eventStatus },
  required: ['event_status'],
  errorMessage: { required: { event_status: M.statusRequired } },
} as const;

/**
 * POST /notification/save-event: `{name}` creates an event (PENDING), `{id, event_status}` sets an event's status
 * (the name is then ignored).
 */
export const eventSaveBodySchema = {
  type: 'object',
  properties: { id: eventIdSchema, event_status: eventStatus, name },
  if: { required: ['id'] },
  then: { required: ['event_status'], errorMessage: { required: { event_status: M.statusRequired } } },
  else: { required: ['name'], errorMessage: { required: { name: M.nameRequired } } },
  errorMessage: { type: M.nameRequired },
} as const;

export type EventCreate = FromSchema<typeof eventCreateFormSchema>;
export type EventSave = FromSchema<typeof eventSaveBodySchema>;

/** An event as the list reads it (the notification service's answer, schemas/api/notifications.ts). */
export type { NotificationEvent } from './api/notifications';
