/** Routes, rates, vehicles, materials, transporters and known places of the three demo consignors. */
import type { PlaceKey } from './places';
import { transporters } from '../../schemas/resources/transporters';

/** A route from the first place to the last, through the ones between. */
export interface SeedRoute {
  id: string;
  company: string;
  branch: string;
  code: string;
  label: string;
  /** Standard transit time in minutes. */
  stt: number;
  places: [PlaceKey, string][];
}

export const ROUTES: SeedRoute[] = [
  {
    id: 'rt_tsl_jsr_ccu',
    company: '1001',
    branch: '3101',
    code: 'TSL-JSR-CCU',
    label: 'Jamshedpur - Kolkata',
    stt: 480,
    places: [
      ['jamshedpur', 'Jamshedpur Works'],
      ['tala', 'Kolkata Stockyard'],
    ],
  },
  {
    id: 'rt_tsl_jsr_hal',
    company: '1001',
    branch: '3101',
    code: 'TSL-JSR-HAL',
    label: 'Jamshedpur - Haldia Port',
    stt: 600,
    places: [
      ['jamshedpur', 'Jamshedpur Works'],
      ['haldia', 'Haldia Dock'],
    ],
  },
  {
    id: 'rt_tsl_jsr_rou',
    company: '1001',
    branch: '3101',
    code: 'TSL-JSR-ROU',
    label: 'Jamshedpur - Rourkela',
    stt: 420,
    places: [
      ['adityapur', 'Adityapur Yard'],
      ['rourkela', 'Rourkela Service Centre'],
    ],
  },
  {
    id: 'rt_tsl_jsr_tlj',
    company: '1001',
    branch: '3103',
    code: 'TSL-JSR-TLJ',
    label: 'Jamshedpur - Taloja',
    stt: 2880,
    places: [
      ['jamshedpur', 'Jamshedpur Works'],
      ['raipur', 'Raipur Halt'],
      ['nagpur', 'Nagpur Halt'],
      ['taloja', 'Taloja Service Centre'],
    ],
  },
  {
    id: 'rt_hul_bhw_ckn',
    company: '1002',
    branch: '3201',
    code: 'HUL-BHW-CKN',
    label: 'Bhiwandi - Chakan',
    stt: 360,
    places: [
      ['bhiwandi', 'Bhiwandi Mother DC'],
      ['chakan', 'Chakan Depot'],
    ],
  },
  {
    id: 'rt_hul_slv_bhw',
    company: '1002',
    branch: '3201',
    code: 'HUL-SLV-BHW',
    label: 'Silvassa - Bhiwandi',
    stt: 300,
    places: [
      ['silvassa', 'Silvassa Factory'],
      ['bhiwandi', 'Bhiwandi Mother DC'],
    ],
  },
  {
    id: 'rt_hul_vkr_vsh',
    company: '1002',
    branch: '3201',
    code: 'HUL-VKR-VSH',
    label: 'Vikhroli - Vashi',
    stt: 90,
    places: [
      ['vikhroli', 'Vikhroli Warehouse'],
      ['vashi', 'Vashi Distributor'],
    ],
  },
  {
    id: 'rt_hul_dnk_ccu',
    company: '1002',
    branch: '3203',
    code: 'HUL-DNK-CCU',
    label: 'Dankuni - Kolkata',
    stt: 120,
    places: [
      ['dankuni', 'Dankuni DC'],
      ['tala', 'Kolkata Distributor'],
    ],
  },
  {
    id: 'rt_utc_pnv_vsh',
    company: '1003',
    branch: '3301',
    code: 'UTC-PNV-VSH',
    label: 'Panvel - Vashi',
    stt: 120,
    places: [
      ['panvel', 'Panvel Bulk Terminal'],
      ['vashi', 'Vashi RMC Plant'],
    ],
  },
  {
    id: 'rt_utc_kpl_cbr',
    company: '1003',
    branch: '3301',
    code: 'UTC-KPL-CBR',
    label: 'Khopoli - Chembur',
    stt: 180,
    places: [
      ['khopoli', 'Khopoli Grinding Unit'],
      ['chembur', 'Chembur Depot'],
    ],
  },
  {
    id: 'rt_utc_snd_amd',
    company: '1003',
    branch: '3303',
    code: 'UTC-SND-AMD',
    label: 'Sanand - Ahmedabad',
    stt: 90,
    places: [
      ['sanand', 'Sanand Packing Plant'],
      ['ahmedabad', 'Ahmedabad Depot'],
    ],
  },
  {
    id: 'rt_utc_ngp_rpr',
    company: '1003',
    branch: '3302',
    code: 'UTC-NGP-RPR',
    label: 'Nagpur - Raipur',
    stt: 540,
    places: [
      ['nagpur', 'Nagpur Depot'],
      ['raipur', 'Raipur Works'],
    ],
  },
];

/** Route master entries: [id, route, transporter, vehicle, material, valid from, freight cost, unit]. */
export const RATES: [string, string, string, string, string, string, number, 'TON' | 'TRUCK'][] = [
  ['rm_tsl_1', 'rt_tsl_jsr_ccu', '2001', 'veh_tsl_open22', 'mat_tsl_coils', '2026-04-01', 38500, 'TRUCK'],
  ['rm_tsl_2', 'rt_tsl_jsr_hal', '2002', 'veh_tsl_trailer40', 'mat_tsl_coils', '2026-04-01', 1450, 'TON'],
  ['rm_hul_1', 'rt_hul_bhw_ckn', '2003', 'veh_hul_closed32', 'mat_hul_fmcg', '2026-06-01', 24000, 'TRUCK'],
  ['rm_hul_2', 'rt_hul_slv_bhw', '2001', 'veh_hul_closed19', 'mat_hul_detergent', '2026-06-01', 18500, 'TRUCK'],
  ['rm_utc_1', 'rt_utc_kpl_cbr', '2002', 'veh_utc_open19', 'mat_utc_bags', '2026-05-15', 650, 'TON'],
];

/** Transporters of the older screens, per consignor: the declaration's demo rows (schemas/resources/transporters.ts). */
export const TRANSPORTERS = transporters.seed.map(({ id, company, values }) => ({ id, company, ...values }));

/** Known places: [cpId, company, partner or null, code, label, place]. */
export const KNOWN_PLACES: [string, string, string | null, string, string, PlaceKey][] = [
  ['cp_tsl_works', '1001', null, 'TSL-JSR-WORKS', 'Tata Steel Jamshedpur Works', 'jamshedpur'],
  ['cp_tsl_kolkata', '1001', null, 'TSL-CCU-SY', 'Tata Steel Kolkata Stockyard', 'tala'],
  ['cp_tsl_haldia', '1001', null, 'TSL-HAL-DOCK', 'Haldia Dock Complex', 'haldia'],
  ['cp_hul_bhiwandi', '1002', null, 'HUL-BHW-MDC', 'HUL Bhiwandi Mother DC', 'bhiwandi'],
  ['cp_hul_chakan', '1002', null, 'HUL-CKN-DEPOT', 'HUL Chakan Depot', 'chakan'],
  ['cp_hul_silvassa', '1002', null, 'HUL-SLV-FAC', 'HUL Silvassa Factory', 'silvassa'],
  ['cp_utc_panvel', '1003', null, 'UTC-PNV-BT', 'UltraTech Panvel Bulk Terminal', 'panvel'],
  ['cp_utc_khopoli', '1003', null, 'UTC-KPL-GU', 'UltraTech Khopoli Grinding Unit', 'khopoli'],
  ['cp_vrl_tsl_yard', '2001', '1001', 'VRL-TSL-YARD', 'VRL Adityapur Yard (Tata Steel)', 'adityapur'],
  ['cp_tsl_rourkela', '1001', null, 'TSL-ROU-SC', 'Tata Steel Rourkela Service Centre', 'rourkela'],
  ['cp_tsl_taloja', '1001', null, 'TSL-TLJ-CRM', 'Tata Steel Taloja Cold Rolling Mill', 'taloja'],
  ['cp_hul_dankuni', '1002', null, 'HUL-DNK-CFA', 'HUL Dankuni C&F Agent', 'dankuni'],
  ['cp_utc_sanand', '1003', null, 'UTC-SND-BP', 'UltraTech Sanand Bulk Packaging', 'sanand'],
  ['cp_vrl_hul_vashi', '2001', '1002', 'VRL-HUL-VASHI', 'VRL Vashi Cross-dock (HUL)', 'vashi'],
  ['cp_tci_utc_nagpur', '2002', '1003', 'TCI-UTC-NGP', 'TCI Nagpur Hub (UltraTech)', 'nagpur'],
  ['cp_tci_tsl_raipur', '2002', '1001', 'TCI-TSL-RPR', 'TCI Raipur Yard (Tata Steel)', 'raipur'],
];
