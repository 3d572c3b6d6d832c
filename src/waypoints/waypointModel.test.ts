import { describe, expect, it } from 'vitest';
import { WAYPOINT_MSG } from '../../schemas/messages';
import {
  emptyState,
  formatGeoCode,
  formatRadius,
  isAdding,
  NEW_ROW_KEY,
  orderOf,
  saveBlock,
  saveHint,
  toWaypointBody,
  waypointReducer,
  type StoredWaypoint,
  type WaypointEvent,
  type WaypointState,
} from './waypointModel';

/** A stored waypoint as the fetch answers it. */
const stored = (id: string, sequence: number, label = id): StoredWaypoint => ({
  id,
  sequence,
  label,
  address: `${label}, Maharashtra, India`,
  cpCode: `C-${id}`,
  geofenceRadius: 1.5,
  google: {
    place_id: `pl_${id}`,
    formatted_address: `${label}, Maharashtra, India`,
    geometry: { location: { lat: 18 + sequence / 10, lng: 73 } },
  },
});

const run = (...events: WaypointEvent[]): WaypointState => events.reduce(waypointReducer, emptyState);
const loaded = () => run({ type: 'load', waypoints: [stored('a', 4), stored('b', 7), stored('c', 9)] });
const sequences = (state: WaypointState) => state.rows.map((row) => [row.key, row.sequence]);

describe('waypoint editor state', () => {
  it('numbers a fetched route from 1, whatever the stored sequence', () => {
    const state = loaded();
    expect(sequences(state)).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    expect(state.counter).toBe(3);
    expect(state.rows[0]).toMatchObject({
      id: 'a',
      placeId: 'pl_a',
      geofenceRadius: 1.5,
      location: { lat: 18.4, lng: 73 },
    });
  });

  it('adding opens one temporary row with the next sequence and the default radius; a second add does nothing', () => {
    const state = waypointReducer(loaded(), { type: 'add' });
    expect(isAdding(state)).toBe(true);
    expect(state.counter).toBe(4);
    expect(state.rows.at(-1)).toMatchObject({ key: NEW_ROW_KEY, sequence: 4, geofenceRadius: 2, label: '' });
    expect(state.rows.at(-1)?.id).toBeUndefined();
    expect(waypointReducer(state, { type: 'add' })).toBe(state);
  });

  it('Cancel removes the temporary row and lowers the sequence counter', () => {
    const state = run(
      { type: 'load', waypoints: [stored('a', 1)] },
      { type: 'add' },
      { type: 'edit', patch: { label: 'Lonavala' } },
      { type: 'cancel' },
    );
    expect(state.rows.map((row) => row.key)).toEqual(['a']);
    expect(state.counter).toBe(1);
    expect(isAdding(state)).toBe(false);
    // The next add takes the same sequence again.
    expect(waypointReducer(state, { type: 'add' }).rows.at(-1)?.sequence).toBe(2);
  });

  it('Save gives the temporary row its id and ends the adding', () => {
    const state = run({ type: 'add' }, { type: 'edit', patch: { label: 'Pune Hub' } }, { type: 'saved', id: 'wp_9' });
    expect(state.rows).toEqual([expect.objectContaining({ key: 'wp_9', id: 'wp_9', label: 'Pune Hub', sequence: 1 })]);
    expect(isAdding(state)).toBe(false);
    expect(state.counter).toBe(1);
  });

  it('Save is disabled without a label or a place, and with a negative radius (with its message)', () => {
    const open = run({ type: 'add' });
    const row = () => open.rows[0];
    expect(saveBlock(row())).toEqual({ reason: 'label' });
    const labelled = waypointReducer(open, { type: 'edit', patch: { label: '   ' } });
    expect(saveBlock(labelled.rows[0])).toEqual({ reason: 'label' });
    const named = waypointReducer(open, { type: 'edit', patch: { label: 'Pune Hub' } });
    expect(saveBlock(named.rows[0])).toEqual({ reason: 'place' });
    const placed = waypointReducer(named, {
      type: 'edit',
      patch: { placeId: 'pl_pune', address: 'Pune, India', location: { lat: 18.52, lng: 73.85 } },
    });
    expect(saveBlock(placed.rows[0])).toBeNull();
    const negative = waypointReducer(placed, { type: 'edit', patch: { geofenceRadius: -0.5 } });
    expect(saveBlock(negative.rows[0])).toEqual({ reason: 'radius', message: WAYPOINT_MSG.negativeRadius });
    expect(saveBlock(waypointReducer(placed, { type: 'edit', patch: { geofenceRadius: 0 } }).rows[0])).toBeNull();
    expect(saveBlock(waypointReducer(placed, { type: 'edit', patch: { geofenceRadius: 51 } }).rows[0])?.reason).toBe(
      'radius',
    );
    // Save's tooltip says why it is disabled.
    expect([row(), named.rows[0], negative.rows[0], placed.rows[0]].map(saveHint)).toEqual([
      'Enter a label to save',
      'Choose a place from the suggestions to save',
      WAYPOINT_MSG.negativeRadius,
      undefined,
    ]);
  });

  it('builds the create body from the row: trimmed label, the place, an empty radius as the default 2 km', () => {
    const state = run(
      { type: 'add' },
      {
        type: 'edit',
        patch: {
          label: ' Pune Hub ',
          cpCode: 'PH',
          placeId: 'pl_pune',
          address: 'Pune, India',
          location: { lat: 18.52, lng: 73.85 },
          geofenceRadius: null,
        },
      },
    );
    expect(toWaypointBody(state.rows[0])).toEqual({
      label: 'Pune Hub',
      address: 'Pune, India',
      cpCode: 'PH',
      geofenceRadius: 2,
      google: {
        place_id: 'pl_pune',
        formatted_address: 'Pune, India',
        geometry: { location: { lat: 18.52, lng: 73.85 } },
      },
    });
  });

  it('a drag renumbers from 1 and gives the new order of ids', () => {
    const state = waypointReducer(loaded(), { type: 'move', from: 2, to: 0 });
    expect(sequences(state)).toEqual([
      ['c', 1],
      ['a', 2],
      ['b', 3],
    ]);
    expect(orderOf(state)).toEqual(['c', 'a', 'b']);
    expect(sequences(waypointReducer(state, { type: 'move', from: 0, to: 1 }))).toEqual([
      ['a', 1],
      ['c', 2],
      ['b', 3],
    ]);
  });

  it('does not reorder while a row is being added, nor out of range', () => {
    const adding = waypointReducer(loaded(), { type: 'add' });
    expect(waypointReducer(adding, { type: 'move', from: 0, to: 1 })).toBe(adding);
    const state = loaded();
    expect(waypointReducer(state, { type: 'move', from: 0, to: 3 })).toBe(state);
    expect(waypointReducer(state, { type: 'move', from: -1, to: 0 })).toBe(state);
  });

  it('deleting renumbers the rest and sets the counter to their number', () => {
    const state = waypointReducer(loaded(), { type: 'removed', id: 'a' });
    expect(sequences(state)).toEqual([
      ['b', 1],
      ['c', 2],
    ]);
    expect(state.counter).toBe(2);
    expect(waypointReducer(state, { type: 'add' }).rows.at(-1)?.sequence).toBe(3);
  });

  it('shows the radius with 2 decimals and the coordinates with 5', () => {
    expect(formatGeoCode({ lat: 22.336882, lng: 87.4 })).toBe('22.33688, 87.40000');
    expect(formatRadius(2)).toBe('2.00');
    expect(formatRadius(1.256)).toBe('1.26');
    expect(formatRadius(null)).toBe('');
  });
});
