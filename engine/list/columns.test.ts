import { describe, expect, it } from 'vitest';
import { pick } from '../data/pick';
import { compareBy, formatCell } from './columns';
import { formatCell as formatInZone } from '../../schemas/column-kinds';

describe('column kinds', () => {
  it("writes an instant's wall clock in a named zone, across daylight-saving changes and half-hour offsets", () => {
    const utc = (text: string) => Date.parse(`${text}Z`);
    const cases: [string, string, string][] = [
      ['2026-11-21T03:35:07', 'Asia/Kolkata', '2026-11-21 09:05:07'],
      ['2026-03-08T06:59:59', 'America/New_York', '2026-03-08 01:59:59'],
      ['2026-03-08T07:00:00', 'America/New_York', '2026-03-08 03:00:00'],
      ['2026-11-01T05:30:00', 'America/New_York', '2026-11-01 01:30:00'],
      ['2026-11-01T06:30:00', 'America/New_York', '2026-11-01 01:30:00'],
      ['2026-10-03T15:30:00', 'Australia/Lord_Howe', '2026-10-04 02:30:00'],
      ['2026-06-01T00:00:00', 'Asia/Kathmandu', '2026-06-01 05:45:00'],
      ['1969-12-31T23:59:59', 'UTC', '1969-12-31 23:59:59'],
    ];
    for (const [at, tz, wall] of cases) expect(formatInZone('datetime', utc(at), tz), `${at} ${tz}`).toBe(wall);
    expect(formatInZone('date', utc('2026-11-21T20:00:00'), 'Asia/Kolkata')).toBe('22/11/2026');
    // A day without a time is that day in every zone.
    expect(formatInZone('date', '2026-11-08', 'America/New_York')).toBe('08/11/2026');
    expect(formatInZone('date', '2026-11-08', 'Asia/Tokyo')).toBe('08/11/2026');
  });

  it('formats dates, rupees with Indian grouping, booleans', () => {
    const at = new Date(2026, 10, 21, 9, 5, 7).getTime();
    expect(formatCell('datetime', at)).toBe('2026-11-21 09:05:07');
    expect(formatCell('date', at)).toBe('21/11/2026');
    expect(formatCell('inr', 1234567.5)).toBe('₹12,34,567.50');
    expect(formatCell('inr', 45000)).toBe('₹45,000');
    expect(formatCell('boolean', true)).toBe('Yes');
    expect(formatCell('text', null)).toBe('');
  });

  it('reads dotted paths and sorts', () => {
    const rows = [{ a: { b: 3 } }, { a: { b: 1 } }];
    expect(pick(rows[0], 'a.b')).toBe(3);
    expect(rows.sort(compareBy((row) => pick(row, 'a.b'))).map((r) => r.a.b)).toEqual([1, 3]);
  });
});
