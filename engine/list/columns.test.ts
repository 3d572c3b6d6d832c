import { describe, expect, it } from 'vitest';
import { pick } from '../data/pick';
import { compareBy, formatCell } from './columns';

describe('column kinds', () => {
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
