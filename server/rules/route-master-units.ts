import { COST_UNITS } from '../../schemas/route-master';

/** The units cost key `key` may carry. */
const unitsOf = (key: keyof typeof COST_UNITS): readonly string[] => COST_UNITS[key];

/** Each cost key takes only its own units (spec 000 section 3); the schema checks keys and units separately. */
export function costUnitErrors(data: readonly { key: keyof typeof COST_UNITS; unit: string }[]): string[] {
  return data.some((d) => !unitsOf(d.key).includes(d.unit)) ? ['Please select unit'] : [];
}
