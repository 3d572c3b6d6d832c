import type { FromSchema } from 'json-schema-to-ts';
import { ALERT_CELL_SCHEMAS, ALERT_COLUMNS, type AlertColumnKind } from './alert-bulk';
import { ALERT_TYPES } from './report-schedule';

/**
 * /alert-settings/add: one alert configuration for the selected company (and branch), with the fields of the bulk
 * sheet's row (spec 001 section 3) under readable labels. It is saved through setAlerts as a one-row upload, so
 * the form and the sheet obey the same rules.
 */

/** Readable labels of the row's columns (the sheet keeps the spec's column names). */
export const ALERT_FIELD_LABELS: Record<string, string> = {
  Alert_Name: 'Alert Name',
  config_one: 'Config One',
  config_two: 'Config Two',
  config_three: 'Config Three',
  Buffer: 'Buffer',
  emailId_level_one: 'Level 1 E-mail Ids',
  emailId_level_two: 'Level 2 E-mail Ids',
  emailId_level_three: 'Level 3 E-mail Ids',
  geofence_entry_time: 'Geofence Entry Time',
  interrupted_manual_min: 'Interrupted Manual (min)',
  interrupted_auto_min: 'Interrupted Auto (min)',
  start_time: 'Start Time (HH:mm)',
  end_time: 'End Time (HH:mm)',
  cd_break_min: 'Continuous Driving Break (min)',
  cd_break_min_trip_distance_km: 'Continuous Driving Min Trip Distance (km)',
  licencePlate: 'Licence Plate',
  location_asset: 'Location Asset',
  close_old_trips: 'Close Old Trips',
  enable_ticket: 'Enable Ticket',
  trip_creation_time_gap_mins: 'Trip Creation Time Gap (min)',
  primary_attributes: 'Primary Attributes',
  longstoppage_l1_short: 'Long Stoppage L1 Short',
  longstoppage_l1_mid: 'Long Stoppage L1 Mid',
  longstoppage_l1_long: 'Long Stoppage L1 Long',
  longstoppage_l2_short: 'Long Stoppage L2 Short',
  longstoppage_l2_mid: 'Long Stoppage L2 Mid',
  longstoppage_l2_long: 'Long Stoppage L2 Long',
  longstoppage_l3_short: 'Long Stoppage L3 Short',
  longstoppage_l3_mid: 'Long Stoppage L3 Mid',
  longstoppage_l3_long: 'Long Stoppage L3 Long',
  route_deviation_away_from_destination_minimum_distance_percent: 'Route Deviation Min Distance (%)',
  route_deviation_away_from_destination_minimum_distance_km: 'Route Deviation Min Distance (km)',
  transit_time_buffer: 'Transit Time Buffer',
  loading_time_buffer: 'Loading Time Buffer',
  transit_delay_threshold: 'Transit Delay Threshold',
};

export const SELECT_ALERT = 'Please select alert name';

/** The fields the form shows: every column but the company and branch, which come from the filter bar. */
export const ALERT_FORM_FIELDS = ALERT_COLUMNS.map(([key]) => key).filter(
  (key) => key !== 'CompanyId' && key !== 'branchId',
);

/** The row's rule of a column, titled with its label, whose messages name the label rather than the column. */
function labelled(key: string, kind: AlertColumnKind) {
  const label = ALERT_FIELD_LABELS[key] ?? key;
  const rule = ALERT_CELL_SCHEMAS[kind](key);
  const message = rule.errorMessage;
  const relabel = (text: string) => text.replace(key, label);
  const errorMessage =
    typeof message === 'string'
      ? relabel(message)
      : message && typeof message === 'object'
        ? Object.fromEntries(Object.entries(message).map(([k, v]) => [k, relabel(String(v))]))
        : undefined;
  return { ...rule, title: label, ...(errorMessage ? { errorMessage } : {}) };
}

export const alertFormSchema = {
  type: 'object',
  properties: {
    // The row's rules, with messages naming the field by its label rather than its column.
    ...Object.fromEntries(
      ALERT_COLUMNS.filter(([key]) => ALERT_FORM_FIELDS.includes(key)).map(([key, kind]) => [key, labelled(key, kind)]),
    ),
    Alert_Name: { type: 'string', title: 'Alert Name', enum: [...ALERT_TYPES], errorMessage: SELECT_ALERT },
    // No defaults: an untouched box sends nothing, as a blank cell of the sheet does.
    close_old_trips: { type: 'boolean', title: 'Close Old Trips' },
    enable_ticket: { type: 'boolean', title: 'Enable Ticket' },
  },
  required: ['Alert_Name'],
  errorMessage: { required: { Alert_Name: SELECT_ALERT } },
} as const;

/** The form's data, from its schema (the columns' fields are built from the row's rules, so only those named here are typed). */
export type AlertForm = FromSchema<typeof alertFormSchema>;
