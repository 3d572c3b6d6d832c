import dayjs from 'dayjs';
import { lazy } from 'react';
import utc from 'dayjs/plugin/utc';
import { callEndpoint, endpoint, type Endpoint } from '../engine/data/endpoint';
import { textAt } from '../engine/data/pick';
import type { HttpResult } from '../engine/data/http';
import { toolAction, type ToolAction, type ToolConfig, type ToolValues } from '../engine/tool/types';
import { ToolRefusal } from '../engine/tool/useToolController';
import { tripCalls } from '../schemas/api/trips';
import { LOCATION_SOURCES, MANUAL_PING_TOKEN, TRIP_MSG, tripIdSchema, tripScopeOf } from '../schemas/trip';
import * as registered from './trip-data.meta';
import { DRAWN_ACTIONS, readableTimes } from './trip-replay/track';

dayjs.extend(utc);

/** The page's sections (spec 002 section 3), as the Section select offers them. */
const PAGE_SECTIONS = [
  'full',
  'alerts',
  'assets',
  'associated_parties',
  'trip_details',
  'indent',
  'analytics',
  'locations',
] as const;

/** Texts of the trip data page (spec 002 section 8). */
const TRIP_PAGE = {
  failed: 'Something went wrong',
  copied: 'JSON Copied to Clipboard',
  copyFailed: 'Error in copyJsonToClipboard',
  stringifyFailed: 'Error in getting json string',
} as const;

const tripId = (values: ToolValues) => String(values.tripId ?? '').trim();
/** A read of the trip page: 'Invalid Trip ID' when the trip is unknown (or answers nothing), else 'Something went wrong'. */
const failed = ({ result }: { result: HttpResult<unknown> }) =>
  result.status === 404 ? TRIP_MSG.invalidTrip : TRIP_PAGE.failed;
const isEmpty = (data: unknown) => data === undefined || data === null;

/** A read whose answer fills the result box (no data: 'Invalid Trip ID'). */
const read = (label: string, call: ToolAction['endpoint'], primary = false): ToolAction => ({
  label,
  primary,
  endpoint: call,
  input: (values, { scope }) => ({
    params: { tripId: tripId(values), section: sectionOf(values) },
    query: tripScopeOf(scope),
  }),
  done: ({ result }) => (isEmpty(result.data) ? { error: TRIP_MSG.invalidTrip } : { show: result.data }),
  failed,
});

/** The section as the call names it: associated_parties is requested as parties (locations has a call of its own). */
const sectionOf = (values: ToolValues) => {
  const section = String(values.section ?? 'full');
  return section === 'associated_parties' ? 'parties' : section;
};

/** A replay: its server message shown, and its alerts in the box; without one, 'Invalid Trip ID'. */
const replay = (label: string, call: Endpoint<typeof tripCalls.replay | typeof tripCalls.replayUpdated>) =>
  toolAction({
    label,
    endpoint: call,
    input: (values, { scope }) => ({ params: { tripId: tripId(values) }, query: tripScopeOf(scope) }),
    done: ({ result }) => {
      const message = textAt(result.data, 'message');
      return message ? { info: message, show: result.data } : { error: TRIP_MSG.invalidTrip };
    },
    failed: ({ result }) => (result.messages[0] && result.status !== 404 ? result.messages[0] : TRIP_MSG.invalidTrip),
  });

/**
 * /utilities/trip-data (spec 002 sections 2.7, 5, 7, 8): Trip ID and Section (mirrored as `section=`), GET Data,
 * Show Analytics, Replay, Replay with Updated config, Sync Trip to ES, and the result box with 'Copy trip JSON'.
 */
export const tripData: ToolConfig = {
  ...registered.tripData,
  schema: {
    type: 'object',
    properties: {
      tripId: { ...tripIdSchema, title: 'Trip ID' },
      section: { type: 'string', title: 'Section', enum: [...PAGE_SECTIONS], default: 'full' },
    },
    required: ['tripId'],
    errorMessage: { required: { tripId: TRIP_MSG.tripRequired } },
  },
  uiSchema: {
    tripId: { 'ui:placeholder': 'e.g. TRP1001001', 'ui:autofocus': true },
    section: {
      'ui:enumNames': [
        'Full',
        'Alerts',
        'Assets',
        'Associated Parties',
        'Trip Details',
        'Indent',
        'Analytics',
        'Locations',
      ],
    },
  },
  columns: 3,
  initial: () => ({ section: 'full' }),
  mirror: { section: 'section' },
  reset: 'Reset Filter',
  actions: [
    read(
      'GET Data',
      (values) => endpoint(values.section === 'locations' ? tripCalls.tripLocations : tripCalls.tripSection),
      true,
    ),
    read('Show Analytics', endpoint(tripCalls.analytics)),
    replay('Replay', endpoint(tripCalls.replay)),
    replay('Replay with Updated config', endpoint(tripCalls.replayUpdated)),
    {
      label: 'Sync Trip to ES',
      endpoint: endpoint(tripCalls.syncTrip),
      // The sync names the trip's company, read from the trip itself (data.created_by.company_id).
      input: async (values, { scope }) => {
        const id = tripId(values);
        const trip = await callEndpoint(
          endpoint(tripCalls.tripSection),
          { params: { tripId: id, section: 'full' }, query: tripScopeOf(scope) },
          { quiet: true },
        );
        const company = trip.ok ? textAt(trip.data, 'created_by.company_id') : undefined;
        if (!company) throw new ToolRefusal(trip.ok || trip.status === 404 ? TRIP_MSG.invalidTrip : TRIP_PAGE.failed);
        return { params: { tripId: id }, query: { company_id: company } };
      },
      done: () => ({ info: TRIP_MSG.synced }),
      failed,
    },
  ],
  resultView: lazy(() => import('./trip-replay/TripReplay')),
  result: {
    copy: 'Copy trip JSON',
    ...TRIP_PAGE,
    empty: 'Enter a trip id and choose GET Data',
    // Under a drawn replay, the answer is there to look something up in: folded, its alerts' times readable.
    raw: { actions: Object.keys(DRAWN_ACTIONS), readable: readableTimes },
  },
};

/** Device time as the form shows and sends it (UTC). */
const DEVICE_TIME = 'YYYY-MM-DD HH:mm:ss';

/**
 * /utilities/insert-manual-ping (spec 002 sections 2.7, 3, 5, 7, 8): 'Insert A Manual Ping' with the fixed company
 * token; each message of the answer's success and failure lists is shown, else its message or 'Issue in inserting a ping'.
 */
export const manualPing: ToolConfig = {
  ...registered.manualPing,
  schema: {
    type: 'object',
    properties: {
      trip_id: { ...tripIdSchema, title: 'Trip ID' },
      latitude: { type: 'number', title: 'Latitude', minimum: -90, maximum: 90, errorMessage: 'Please enter latitude' },
      longitude: {
        type: 'number',
        title: 'Longitude',
        minimum: -180,
        maximum: 180,
        errorMessage: 'Please enter longitude',
      },
      device_time_utc: {
        type: 'string',
        title: 'Device Time (UTC)',
        maxLength: 19,
        pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$',
        errorMessage: { maxLength: TRIP_MSG.badTime, pattern: TRIP_MSG.badTime },
      },
      locationSource: { type: 'string', title: 'Location Source', enum: [...LOCATION_SOURCES] },
      speed: {
        type: 'integer',
        title: 'Speed (km/h)',
        minimum: 0,
        maximum: 300,
        errorMessage: 'Speed must be a whole number of km/h from 0 to 300',
      },
      temperature: {
        type: 'integer',
        title: 'Temperature (°C)',
        minimum: -60,
        maximum: 100,
        errorMessage: 'Temperature must be a whole number of °C from -60 to 100',
      },
    },
    required: ['trip_id', 'latitude', 'longitude', 'device_time_utc', 'locationSource'],
    errorMessage: {
      required: {
        trip_id: TRIP_MSG.tripRequired,
        latitude: 'Please enter latitude',
        longitude: 'Please enter longitude',
        device_time_utc: 'Please enter device time',
        locationSource: 'Please select location source',
      },
    },
  },
  uiSchema: {
    'ui:order': ['trip_id', 'device_time_utc', 'locationSource', 'latitude', 'longitude', 'speed', 'temperature'],
    trip_id: { 'ui:placeholder': 'e.g. TRP1001001' },
    device_time_utc: { 'ui:placeholder': DEVICE_TIME, 'ui:help': 'UTC, YYYY-MM-DD HH:mm:ss' },
    locationSource: { 'ui:placeholder': 'Select location source' },
  },
  columns: 3,
  initial: () => ({ device_time_utc: dayjs.utc().format(DEVICE_TIME), locationSource: 'MANUAL' }),
  actions: [
    toolAction({
      label: 'Submit',
      primary: true,
      endpoint: endpoint(tripCalls.manualPing),
      input: (values) => ({
        query: { token: MANUAL_PING_TOKEN },
        body: {
          trip_id: String(values.trip_id ?? '').trim(),
          device_time_utc: values.device_time_utc,
          coordinates: { lat: values.latitude, lng: values.longitude },
          locationSource: values.locationSource,
          ...(values.speed !== undefined ? { speed: values.speed } : {}),
          ...(values.temperature !== undefined ? { temperature: values.temperature } : {}),
        },
      }),
      done: ({ result }) => {
        const data = result.data;
        if (data?.success.length || data?.failure.length)
          return { success: data.success, error: data.failure.length ? data.failure : undefined };
        return { error: result.messages[0] ?? TRIP_MSG.pingFailed };
      },
      failed: ({ result }) => result.messages[0] ?? TRIP_MSG.pingFailed,
    }),
  ],
};
