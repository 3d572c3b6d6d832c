import { describe, expect, it } from 'vitest';
import { numberValue } from './BaseInputTemplate';

describe('number field value', () => {
  it('reads numbers, keeps anything else as typed, and blank as empty', () => {
    expect(numberValue('42', undefined)).toBe(42);
    expect(numberValue(' -3.5 ', undefined)).toBe(-3.5);
    expect(numberValue('1e3', undefined)).toBe(1000);
    expect(numberValue('abc', undefined)).toBe('abc');
    expect(numberValue('1,5', undefined)).toBe('1,5');
    expect(numberValue('1e400', undefined)).toBe('1e400');
    expect(numberValue('  ', null)).toBeNull();
  });
});
