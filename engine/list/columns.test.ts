import { describe, expect, it } from 'vitest';
import { pick } from '../data/pick';
import { compareBy, formatCell } from './columns';
import { formatCell as formatInZone } from '../../schemas/column-kinds';

describe('column kinds', () => {
  it("writes times and days in the zone given, the desk's by default (India's until it picks one)", () => {
    const at = Date.parse('2026-11-21T03:35:07Z');
    expect(formatInZone('datetime', at, 'America/New_York')).toBe('20/11/2026 22:35 GMT-5');
    expect(formatInZone('date', Date.parse('2026-11-21T20:00:00Z'), 'Asia/Kolkata')).toBe('22/11/2026');
    // A day without a time is that day in every zone.
    expect(formatInZone('date', '2026-11-08', 'America/New_York')).toBe('08/11/2026');
    expect(formatCell('datetime', at)).toBe('21/11/2026 09:05 IST');
    localStorage.setItem('userEmail', 'ops@demo.local');
    localStorage.setItem('desk:ops@demo.local:timeZone', 'UTC');
    try {
      expect(formatCell('datetime', at)).toBe('21/11/2026 03:35 UTC');
    } finally {
      localStorage.clear();
    }
  });

  it('formats dates, rupees with Indian grouping, booleans', () => {
    expect(formatCell('date', '2026-11-21')).toBe('21/11/2026');
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
