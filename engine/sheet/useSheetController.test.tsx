import { act, renderHook } from '@testing-library/react';
import { useRef, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../data/http';
import { bindFeedback } from '../feedback';
import type { SheetConfig } from './types';
import { draftKey, type DraftStorage } from './drafts';
import type { SheetGeocoder } from './geocodeProcessor';
import { numbers } from './rowProcessors';
// The known-place sheet is the screen's own config (one definition), with a geocoder of the test's.
import { knownPlaceSheetConfig } from '../../screens/known-places-upload';
import type { Grid } from './sheetModel';
import { useSheetController, type SheetGrid } from './useSheetController';

const placeSheetFixture = (geocoder?: SheetGeocoder, chunkSize?: number) =>
  knownPlaceSheetConfig({ geocoder, chunkSize });

const PUNE = {
  place_id: 'g-pune',
  formatted_address: 'Pune, Maharashtra',
  geometry: { location: { lat: 18.5204, lng: 73.8567 } },
};
const geocoder: SheetGeocoder = { byAddress: async (a) => (/pune/i.test(a) ? PUNE : null), byLatLng: async () => PUNE };
const width = 8;
const toasts: string[] = [];
let bodies: unknown[][] = [];

/** The grid as plain rows, as the view's jspreadsheet would hold them. */
function arrayGrid(rows: Grid): SheetGrid & { rows: Grid; locks: boolean[] } {
  const fit = (r: readonly string[]) => Array.from({ length: width + 1 }, (_, x) => r[x] ?? '');
  const grid = {
    rows: rows.map(fit),
    /** Every lock and unlock the controller asked for, in order. */
    locks: [] as boolean[],
    read: () => grid.rows.map((r) => [...r]),
    replace: (next: Grid) => {
      grid.rows = next.map(fit);
    },
    lock: (on: boolean) => void grid.locks.push(on),
  };
  return grid;
}

/** A place row: Code, Address Label, Address, Google Address, Latitude, Longitude, Geofence Radius. */
const place = (code: string, google: string, lat = '', lng = '') => [
  code,
  `${code} gate`,
  'Plot 1',
  google,
  lat,
  lng,
  '2',
];

function memoryStorage(full = false): DraftStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => {
      if (full) throw new DOMException('full', 'QuotaExceededError');
      items.set(k, v);
    },
    removeItem: (k) => void items.delete(k),
  };
}

function mount(
  config: SheetConfig,
  grid: SheetGrid,
  storage: DraftStorage,
  url = '/known-places/upload?c=1001&companyId=1001',
) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(() => useSheetController(config, useRef<SheetGrid | null>(grid), storage), { wrapper });
}

beforeEach(() => {
  toasts.length = 0;
  bodies = [];
  bindFeedback({
    success: (t) => toasts.push(`success: ${t}`),
    error: (t) => toasts.push(`error: ${t}`),
    info: (t) => toasts.push(`info: ${t}`),
    warning: (t) => toasts.push(`warning: ${t}`),
  });
  configureHttp({ notify: (m) => toasts.push(...m.map((t) => `server: ${t}`)) });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { cpCode: string }[];
      bodies.push(body);
      const data = body.map((row) => (row.cpCode === 'dup' ? ['Code already exists'] : { cpId: `cp-${row.cpCode}` }));
      return new Response(JSON.stringify({ success: true, data, message: [] }), { status: 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('sheet controller (processors, chunks, drafts)', () => {
  it('geocodes rows, sends only those with a place id in chunks, and writes every status and filled cell', async () => {
    const grid = arrayGrid([
      place('a', 'Pune'),
      place('b', ''),
      place('c', 'Pune', '19.076', '72.8777'),
      place('dup', 'Pune'),
      place('e', 'Atlantis'),
      place('f', 'Pune camp'),
    ]);
    const { result } = mount(placeSheetFixture(geocoder, 2), grid, memoryStorage());
    await act(() => result.current.submit());
    expect(bodies.map((b) => b.length)).toEqual([2, 1]);
    // The row's Google address and coordinates go with the place id (coordinates left blank are the geocoded ones).
    expect(bodies[0][0]).toEqual({
      google: { ...PUNE, formatted_address: 'Pune' },
      label: 'a gate',
      address: 'Plot 1',
      cpCode: 'a',
      geofenceRadius: 2,
    });
    expect(grid.rows.map((r) => r[width])).toEqual([
      'Success',
      'Please enter either lat,long or address',
      'Error: Distance more than 30kms',
      'Code already exists',
      'Address not found',
      'Success',
    ]);
    // The hidden place id and the coordinates the geocoder found are in the sheet now, on the saved row; a refused row
    // keeps its blank cells (sent again after a correction, stale coordinates would pass for typed ones).
    expect(grid.rows[0].slice(4, 8)).toEqual(['18.5204', '73.8567', '2', 'g-pune']);
    expect(grid.rows[3].slice(4, 8)).toEqual(['', '', '2', 'g-pune']);
    // The grid was read-only while the rows were out.
    expect(grid.locks).toEqual([true, false]);
    // Two of six saved: not the spec's success text (for a sheet saved whole), but how many were and were not.
    expect(toasts).toEqual(['warning: 2 rows saved, 4 not: the Status column says why']);
    expect(result.current.saved).toBe(2);
    expect(result.current.progress).toBeNull();

    // Saved rows are not sent twice; Remove Success leaves the others in order.
    await act(() => result.current.submit());
    expect(
      bodies
        .slice(2)
        .flat()
        .map((r) => (r as { cpCode: string }).cpCode),
    ).toEqual(['dup']);
    act(() => result.current.removeSuccess());
    expect(grid.rows.map((r) => r[0])).toEqual(['b', 'c', 'dup', 'e']);
    expect(result.current.saved).toBe(0);
  });

  it('saves a draft per company, restores it into an empty sheet only, and Reset clears it', () => {
    const storage = memoryStorage();
    const grid = arrayGrid([place('a', 'Pune'), []]);
    const first = mount(placeSheetFixture(geocoder), grid, storage);
    act(() => first.result.current.saveDraft());
    expect(toasts).toEqual(['success: Draft saved successfully']);
    expect([...storage.items.keys()]).toEqual([draftKey('/known-places/upload', '1001')]);

    const fresh = arrayGrid([[]]);
    const second = mount(placeSheetFixture(geocoder), fresh, storage);
    act(() => second.result.current.restoreDraft());
    expect(fresh.rows.map((r) => r[0])).toEqual(['a']);

    const typed = arrayGrid([place('z', 'Pune')]);
    const third = mount(placeSheetFixture(geocoder), typed, storage);
    act(() => third.result.current.restoreDraft());
    expect(typed.rows.map((r) => r[0])).toEqual(['z']);

    const other = arrayGrid([[]]);
    const fourth = mount(placeSheetFixture(geocoder), other, storage, '/known-places/upload?companyId=1002');
    act(() => fourth.result.current.restoreDraft());
    expect(other.rows.map((r) => r[0])).toEqual(['']);

    act(() => second.result.current.reset());
    expect(storage.items.size).toBe(0);
    expect(fresh.rows.every((r) => r.every((cell) => cell === ''))).toBe(true);
  });

  it('says so when the draft cannot be stored', () => {
    const { result } = mount(placeSheetFixture(geocoder), arrayGrid([place('a', 'Pune')]), memoryStorage(true));
    act(() => result.current.saveDraft());
    expect(toasts).toEqual(["error: Coundn't save draft"]);
  });

  it('refuses a file of another type or over the size limit before reading it', async () => {
    const grid = arrayGrid([[]]);
    const { result } = mount({ ...placeSheetFixture(geocoder), files: { maxMb: 0.001 } }, grid, memoryStorage());
    await act(() => result.current.importFile(new File(['Code\n'], 'places.txt')));
    await act(() => result.current.importFile(new File(['x'.repeat(2000)], 'places.csv')));
    expect(toasts).toEqual(['error: File must be xlsx or csv', 'error: File too large (max 0.001 MB)']);
  });
});

describe('sheet controller (what processors write back)', () => {
  it('fills blank and hidden cells but keeps what the operator typed', async () => {
    const config = placeSheetFixture(geocoder);
    const withNumbers = {
      ...config,
      processors: [...(config.processors ?? []), numbers([{ column: 'Geofence Radius', times: 1000 }])],
    };
    const grid = arrayGrid([place('a', 'Pune')]);
    const { result } = mount(withNumbers, grid, memoryStorage());
    await act(() => result.current.submit());
    expect((bodies[0][0] as { geofenceRadius: number }).geofenceRadius).toBe(2000);
    expect(grid.rows[0].slice(4, 9)).toEqual(['18.5204', '73.8567', '2', 'g-pune', 'Success']);
  });
});
