import { describe, expect, it } from 'vitest';
import { parseCoordinate } from './GeoPointField';

describe('a typed coordinate', () => {
  it('is nothing when blank, a number when it is one, else the text typed (so the check calls it malformed, not missing)', () => {
    expect(parseCoordinate('')).toBeUndefined();
    expect(parseCoordinate('   ')).toBeUndefined();
    expect(parseCoordinate('22.066639')).toBe(22.066639);
    expect(parseCoordinate(' -73.5 ')).toBe(-73.5);
    expect(parseCoordinate('18.')).toBe(18);
    expect(parseCoordinate('95')).toBe(95);
    expect(parseCoordinate('north')).toBe('north');
    expect(parseCoordinate('12abc')).toBe('12abc');
    expect(parseCoordinate('0x10')).toBe('0x10');
    expect(parseCoordinate('9'.repeat(600))).toBe('9'.repeat(600));
  });
});
