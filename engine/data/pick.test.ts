import { describe, expect, it } from 'vitest';
import { pick, textAt } from './pick';

describe('pick', () => {
  it('reads dotted paths through objects and, by index, through lists (a bulk answer`s first row)', () => {
    const answer = [{ index: 0, status: 'Error', message: 'Alert config already exists' }];
    expect(textAt(answer, '0.status')).toBe('Error');
    expect(textAt(answer, '0.message')).toBe('Alert config already exists');
    expect(pick({ origin: { google: { formatted_address: 'Pune' } } }, 'origin.google.formatted_address')).toBe('Pune');
    expect(pick({ a: null }, 'a.b')).toBeUndefined();
    expect(textAt(answer, '1.status')).toBeUndefined();
  });
});
