/** Standard vehicles, master materials and permission records of the demo. */

/** [id, body type, length, weight in MT]. */
export const STATIC_VEHICLES: [string, string, string, number][] = [
  ['sv-open-14ft-4mt', 'Open', '14 ft', 4],
  ['sv-open-17ft-7mt', 'Open', '17 ft', 7],
  ['sv-open-19ft-9mt', 'Open', '19 ft', 9],
  ['sv-open-22ft-15mt', 'Open', '22 ft', 15],
  ['sv-open-24ft-16mt', 'Open', '24 ft', 16],
  ['sv-closed-17ft-7mt', 'Closed', '17 ft', 7],
  ['sv-closed-19ft-9mt', 'Closed', '19 ft', 9],
  ['sv-closed-20ft-10mt', 'Closed', '20 ft', 10],
  ['sv-closed-32ft-7mt', 'Closed', '32 ft', 7],
  ['sv-closed-32ft-15mt', 'Closed', '32 ft', 15],
  ['sv-container-20ft-10mt', 'Container', '20 ft', 10],
  ['sv-container-32ft-15mt', 'Container', '32 ft', 15],
  ['sv-container-40ft-25mt', 'Container', '40 ft', 25],
  ['sv-trailer-40ft-28mt', 'Trailer', '40 ft', 28],
  ['sv-trailer-45ft-32mt', 'Trailer', '45 ft', 32],
  ['sv-tanker-24ft-20mt', 'Tanker', '24 ft', 20],
];

/** [id, type]. */
export const STATIC_MATERIALS: [string, string][] = [
  ['mm-steel-coils', 'Steel Coils'],
  ['mm-hr-sheets', 'HR Sheets'],
  ['mm-wire-rods', 'Wire Rods'],
  ['mm-tmt-bars', 'TMT Bars'],
  ['mm-cement-bags', 'Cement Bags'],
  ['mm-bulk-cement', 'Bulk Cement'],
  ['mm-clinker', 'Clinker'],
  ['mm-fly-ash', 'Fly Ash'],
  ['mm-fmcg-cartons', 'FMCG Cartons'],
  ['mm-detergent-powder', 'Detergent Powder'],
  ['mm-soap-cartons', 'Soap Cartons'],
  ['mm-edible-oil', 'Edible Oil'],
  ['mm-packaged-food', 'Packaged Food'],
  ['mm-beverages', 'Beverages'],
  ['mm-paper-rolls', 'Paper Rolls'],
  ['mm-auto-components', 'Auto Components'],
];

/**
 * Permission records. Bit 0 of the read mask is the console ('Lego') itself; the others stand for rights of
 * other products that a desk may hold without console access.
 */
export const PERMISSIONS: {
  id: string;
  name: string;
  type: 'CD' | 'U' | 'R';
  create: string;
  update: string;
  read: string;
}[] = [
  { id: 'prm.super.read', name: 'Lego console access', type: 'R', create: '', update: '', read: '10000000' },
  { id: 'prm.routes.read', name: 'View routes', type: 'R', create: '', update: '', read: '01000000' },
  { id: 'prm.routes.create', name: 'Create and delete routes', type: 'CD', create: '10000000', update: '', read: '' },
  { id: 'prm.routes.update', name: 'Update routes', type: 'U', create: '', update: '10000000', read: '' },
  { id: 'prm.reports.read', name: 'View reports', type: 'R', create: '', update: '', read: '00100000' },
];
