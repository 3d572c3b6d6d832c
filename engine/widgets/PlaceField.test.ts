import { describe, expect, it } from 'vitest';
import { placeOptions } from './PlaceField';

describe('place field options', () => {
  it("groups the company's known places before the geocoder's places, each told apart by its value", () => {
    const known = [
      { cpId: 'cp_tsl_haldia', cpCode: 'TSL-HAL-DOCK', label: 'Haldia Dock Complex', address: 'Haldia, West Bengal' },
    ];
    const found = [
      { place_id: 'in:po:721604:haldia', description: 'Haldia, East Midnapore, West Bengal 721604, India' },
    ];
    expect(placeOptions(known, found)).toEqual([
      {
        label: 'Known places',
        options: [{ value: 'cp:cp_tsl_haldia', label: 'Haldia Dock Complex (TSL-HAL-DOCK) - Haldia, West Bengal' }],
      },
      {
        label: 'Places',
        options: [{ value: 'g:in:po:721604:haldia', label: 'Haldia, East Midnapore, West Bengal 721604, India' }],
      },
    ]);
    // An empty group is left out.
    expect(placeOptions([], found).map((group) => group.label)).toEqual(['Places']);
    expect(placeOptions([], [])).toEqual([]);
  });
});
