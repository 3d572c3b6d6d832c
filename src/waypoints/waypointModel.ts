import { WAYPOINT_MSG } from '../../schemas/messages';
import { waypointSchema, type WaypointBody } from '../../schemas/route-bulk';

/** A waypoint as the fetch call answers it (server `WaypointOut`): the stored place with its id and sequence. */
export interface StoredWaypoint {
  id: string;
  sequence: number;
  label: string;
  address: string;
  cpCode: string;
  geofenceRadius: number;
  google: { place_id: string; formatted_address?: string; geometry?: { location: { lat: number; lng: number } } };
}

/** One row of the editor: a saved waypoint (with its id) or the temporary row being added (without). */
export interface WaypointRow {
  /** The table's row key: the id, or {@link NEW_ROW_KEY} for the temporary row. */
  key: string;
  id?: string;
  label: string;
  cpCode: string;
  address: string;
  placeId?: string;
  location?: { lat: number; lng: number };
  /** Kilometres; null while the input is empty (saved as the default). */
  geofenceRadius: number | null;
  /** 1-based position in the route. */
  sequence: number;
}

/** The row key of the temporary row. */
export const NEW_ROW_KEY = 'new';

/** Default geofence radius of a new waypoint, in km (spec 000 section 9). */
export const DEFAULT_RADIUS = 2;

/**
 * The editor's state: the rows in sequence and the sequence counter (the sequence the last row was given). Adding
 * raises the counter, Cancel lowers it, a load, delete or reorder sets it to the number of rows (spec 000 section 4).
 */
export interface WaypointState {
  rows: WaypointRow[];
  counter: number;
}

/** What changes the state; each event is applied by {@link waypointReducer}. */
export type WaypointEvent =
  | { type: 'load'; waypoints: StoredWaypoint[] }
  | { type: 'clear' }
  | { type: 'add' }
  | { type: 'edit'; patch: Partial<Omit<WaypointRow, 'key' | 'id' | 'sequence'>> }
  | { type: 'cancel' }
  | { type: 'saved'; id: string }
  | { type: 'removed'; id: string }
  | { type: 'move'; from: number; to: number };

/** The state before a route is chosen. */
export const emptyState: WaypointState = { rows: [], counter: 0 };

/** A row's mode: the temporary row is being edited (Save and Cancel), a saved row is viewed (Delete). */
export const rowMode = (row: WaypointRow): 'editing' | 'view' => (row.id ? 'view' : 'editing');

/** Whether a temporary row is open (then '+Add' is disabled and rows cannot be reordered). */
export const isAdding = (state: WaypointState): boolean => state.rows.some((row) => !row.id);

/** Sequence 1..n in the rows' order. */
const renumber = (rows: WaypointRow[]): WaypointRow[] =>
  rows.map((row, i) => (row.sequence === i + 1 ? row : { ...row, sequence: i + 1 }));

/** A fetched waypoint as a row (the fetch's order is the route's; sequence is renumbered from 1 by the caller). */
export function toRow(waypoint: StoredWaypoint): WaypointRow {
  return {
    key: waypoint.id,
    id: waypoint.id,
    label: waypoint.label ?? '',
    cpCode: waypoint.cpCode ?? '',
    address: waypoint.address || waypoint.google?.formatted_address || '',
    placeId: waypoint.google?.place_id,
    location: waypoint.google?.geometry?.location,
    geofenceRadius: typeof waypoint.geofenceRadius === 'number' ? waypoint.geofenceRadius : DEFAULT_RADIUS,
    sequence: waypoint.sequence,
  };
}

/** The state machine of the waypoint editor (no I/O: the controller hook makes the calls and dispatches their outcome). */
export function waypointReducer(state: WaypointState, event: WaypointEvent): WaypointState {
  switch (event.type) {
    case 'load': {
      const rows = renumber(event.waypoints.map(toRow));
      return { rows, counter: rows.length };
    }
    case 'clear':
      return emptyState;
    case 'add': {
      if (isAdding(state)) return state;
      const counter = state.counter + 1;
      const row: WaypointRow = {
        key: NEW_ROW_KEY,
        label: '',
        cpCode: '',
        address: '',
        geofenceRadius: DEFAULT_RADIUS,
        sequence: counter,
      };
      return { rows: [...state.rows, row], counter };
    }
    case 'edit':
      if (!isAdding(state)) return state;
      return { ...state, rows: state.rows.map((row) => (row.id ? row : { ...row, ...event.patch })) };
    case 'cancel':
      if (!isAdding(state)) return state;
      return { rows: state.rows.filter((row) => row.id), counter: Math.max(0, state.counter - 1) };
    case 'saved':
      return { ...state, rows: state.rows.map((row) => (row.id ? row : { ...row, id: event.id, key: event.id })) };
    case 'removed': {
      if (!state.rows.some((row) => row.id === event.id)) return state;
      const rows = renumber(state.rows.filter((row) => row.id !== event.id));
      return { rows, counter: rows.length };
    }
    case 'move': {
      const { from, to } = event;
      // The temporary row has no id to send in the order: reordering waits until it is saved or cancelled.
      if (isAdding(state) || from === to || from < 0 || to < 0 || from >= state.rows.length || to >= state.rows.length)
        return state;
      const rows = [...state.rows];
      const [moved] = rows.splice(from, 1);
      rows.splice(to, 0, moved);
      return { rows: renumber(rows), counter: rows.length };
    }
  }
}

/** The ids of the saved rows in their order: the body of the reorder call. */
export const orderOf = (state: WaypointState): string[] => state.rows.flatMap((row) => (row.id ? [row.id] : []));

const radiusRule = waypointSchema.properties.geofenceRadius;

/**
 * Why the temporary row cannot be saved, or null when it can (spec 000 section 5, Waypoint): a label and a chosen
 * place are needed, and the radius must not be negative ('Geo Fence Radius must be positive') nor above the
 * schema's 50 km. Only the radius has a message: without a label or place, Save is simply disabled.
 */
export function saveBlock(row: WaypointRow): { reason: 'label' | 'place' | 'radius'; message?: string } | null {
  const radius = row.geofenceRadius;
  if (typeof radius === 'number' && radius < radiusRule.minimum)
    return { reason: 'radius', message: WAYPOINT_MSG.negativeRadius };
  if (typeof radius === 'number' && radius > radiusRule.maximum)
    return { reason: 'radius', message: radiusRule.errorMessage.maximum };
  if (!row.label.trim()) return { reason: 'label' };
  if (!row.placeId) return { reason: 'place' };
  return null;
}

/** Why Save is disabled, said on its tooltip: the radius's own text, or what is still missing. */
export function saveHint(row: WaypointRow): string | undefined {
  const block = saveBlock(row);
  if (!block) return undefined;
  return (
    block.message ??
    (block.reason === 'label' ? 'Enter a label to save' : 'Choose a place from the suggestions to save')
  );
}

/** The create call's body of the temporary row (an empty radius is the default, 2 km). */
export function toWaypointBody(row: WaypointRow): WaypointBody {
  return {
    label: row.label.trim(),
    address: row.address,
    cpCode: row.cpCode.trim(),
    geofenceRadius: row.geofenceRadius ?? DEFAULT_RADIUS,
    google: {
      place_id: row.placeId ?? '',
      formatted_address: row.address,
      ...(row.location ? { geometry: { location: row.location } } : {}),
    },
  };
}

/** The radius as the table shows it: 2 decimals (spec 000 section 3). */
export const formatRadius = (radius: number | null): string => (typeof radius === 'number' ? radius.toFixed(2) : '');

/** Coordinates as the Geo-Code column shows them (5 decimals: about a metre). */
export const formatGeoCode = (location: WaypointRow['location']): string =>
  location ? `${location.lat.toFixed(5)}, ${location.lng.toFixed(5)}` : '';
