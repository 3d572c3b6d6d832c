import { describe, expect, it } from 'vitest';
import { validate } from './ajv';
import { AUTO_CLOSURE_TEXT, autoClosureBodySchema, autoClosureFormSchema } from './auto-closure';

/** The STA breach form with one band. */
const form = (band: Record<string, unknown>) => ({
  autoClosureType: 'STA_BREACH',
  loading_time_buffer: 60,
  unloading_time_buffer: 30,
  distances: [{ transitTimeBuffers: 600, ...band }],
});

describe('STA breach distance bands on the form', () => {
  it("wants a max distance above the band's min distance, under the max distance field", () => {
    expect(validate(autoClosureFormSchema, form({ minDistance: 500, maxDistance: 100 }))).toEqual([
      AUTO_CLOSURE_TEXT.bandOrder,
    ]);
    expect(validate(autoClosureFormSchema, form({ minDistance: 500, maxDistance: 500 }))).toEqual([
      'Max distance must be greater than min distance',
    ]);
    expect(validate(autoClosureFormSchema, form({ minDistance: 0, maxDistance: 500 }))).toEqual([]);
  });

  it('keeps the required texts when a distance is missing', () => {
    expect(validate(autoClosureFormSchema, form({ maxDistance: 500 }))).toEqual([AUTO_CLOSURE_TEXT.minDistance]);
    expect(validate(autoClosureFormSchema, form({ minDistance: 500 }))).toEqual([AUTO_CLOSURE_TEXT.maxDistance]);
  });

  it("leaves the body's parallel lists to the server (their rows are compared there)", () => {
    const body = {
      companyId: '1001',
      autoClosureType: 'STA_BREACH',
      loading_time_buffer: 1,
      unloading_time_buffer: 1,
      minDistance: [500],
      maxDistance: [100],
      transitTimeBuffers: [1],
    };
    expect(validate(autoClosureBodySchema, body)).toEqual([]);
  });
});
