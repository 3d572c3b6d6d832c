import { describe, expect, it } from 'vitest';
import type { ColumnConfig } from './types';
import { filterByColumns, highlightParts } from './columnFilters';

const rows = [
  { id: 1, name: 'trip.created', event_status: 'ONBOARDED' },
  { id: 2, name: 'Trip.Closed', event_status: 'ONBOARDED' },
  { id: 3, name: 'geofence.entry', event_status: 'PENDING' },
];
const columns: ColumnConfig[] = [
  { title: 'Event Name', field: 'name', searchable: true },
  {
    title: 'Status',
    field: 'event_status',
    filterOptions: [
      { value: 'ONBOARDED', label: 'ONBOARDED' },
      { value: 'PENDING', label: 'PENDING' },
    ],
  },
];

describe('column filters', () => {
  it('keeps the rows whose searched cell holds the text, any case', () => {
    expect(filterByColumns(rows, columns, { name: ['  TRIP '] }).map((r) => r.id)).toEqual([1, 2]);
    expect(filterByColumns(rows, columns, { name: [''] })).toHaveLength(3);
  });

  it('keeps the rows whose value is one of those chosen, and combines filters', () => {
    expect(filterByColumns(rows, columns, { event_status: ['PENDING'] }).map((r) => r.id)).toEqual([3]);
    expect(filterByColumns(rows, columns, { event_status: ['PENDING', 'ONBOARDED'] })).toHaveLength(3);
    expect(filterByColumns(rows, columns, { event_status: ['ONBOARDED'], name: ['closed'] }).map((r) => r.id)).toEqual([
      2,
    ]);
    expect(filterByColumns(rows, columns, { unknown: ['x'] })).toHaveLength(3);
  });

  it('marks every match of the search in a text', () => {
    expect(highlightParts('Trip.trip', 'TRIP')).toEqual([
      { text: 'Trip', match: true },
      { text: '.', match: false },
      { text: 'trip', match: true },
    ]);
    expect(highlightParts('eta.breach', 'breach')).toEqual([
      { text: 'eta.', match: false },
      { text: 'breach', match: true },
    ]);
    expect(highlightParts('eta.breach', ' ')).toEqual([{ text: 'eta.breach', match: false }]);
  });
});
