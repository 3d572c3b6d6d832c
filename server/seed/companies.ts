/** Demo companies of both types with branches and departments (ids are digit strings, see README). */

/** A seeded company with its branches; each branch gets the three standard departments. */
export interface SeedCompany {
  id: string;
  name: string;
  type: 'CONSIGNOR' | 'TRANSPORTER';
  branches: { id: string; name: string }[];
}

/** Departments every branch has; old_department_id = branch id + the digit, id = '5' + that. */
export const DEPARTMENTS = [
  { digit: '1', name: 'Dispatch' },
  { digit: '2', name: 'Inbound' },
  { digit: '3', name: 'Finance' },
] as const;

export const COMPANIES: SeedCompany[] = [
  {
    id: '1001',
    name: 'Tata Steel Limited',
    type: 'CONSIGNOR',
    branches: [
      { id: '3101', name: 'Jamshedpur' },
      { id: '3102', name: 'Kolkata' },
      { id: '3103', name: 'Mumbai' },
    ],
  },
  {
    id: '1002',
    name: 'Hindustan Unilever Limited',
    type: 'CONSIGNOR',
    branches: [
      { id: '3201', name: 'Mumbai' },
      { id: '3202', name: 'Pune' },
      { id: '3203', name: 'Kolkata' },
    ],
  },
  {
    id: '1003',
    name: 'UltraTech Cement Limited',
    type: 'CONSIGNOR',
    branches: [
      { id: '3301', name: 'Mumbai' },
      { id: '3302', name: 'Nagpur' },
      { id: '3303', name: 'Ahmedabad' },
    ],
  },
  {
    id: '2001',
    name: 'VRL Logistics Limited',
    type: 'TRANSPORTER',
    branches: [
      { id: '3401', name: 'Hubballi' },
      { id: '3402', name: 'Mumbai' },
    ],
  },
  {
    id: '2002',
    name: 'TCI Freight',
    type: 'TRANSPORTER',
    branches: [
      { id: '3501', name: 'Gurugram' },
      { id: '3502', name: 'Kolkata' },
    ],
  },
  {
    id: '2003',
    name: 'Gati Limited',
    type: 'TRANSPORTER',
    branches: [
      { id: '3601', name: 'Hyderabad' },
      { id: '3602', name: 'Pune' },
    ],
  },
];

/** Consignor → its transporters; stored in both directions. */
export const PARTNERS: [consignor: string, transporter: string][] = [
  ['1001', '2001'],
  ['1001', '2002'],
  ['1002', '2001'],
  ['1002', '2002'],
  ['1002', '2003'],
  ['1003', '2002'],
  ['1003', '2003'],
];
