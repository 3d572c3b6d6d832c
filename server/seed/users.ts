import type { PermissionMasks } from '../../schemas/permission-check';

/** A demo user; all log in by one-time code (their passwords are random). */
export interface SeedUser {
  id: string;
  email: string;
  phone: string;
  name: string;
  deskId: string;
  masks: PermissionMasks;
  /** Password expiry: days from today (negative = already expired, re-set on every start). */
  pwdExpDays: number;
}

const LEGO = { create: '10000000', update: '10000000', read: '11100000' };

export const USERS: SeedUser[] = [
  {
    id: 'usr_ops',
    email: 'ops@demo.local',
    phone: '9876543210',
    name: 'Priya Sharma',
    deskId: 'desk-ops-01',
    masks: LEGO,
    pwdExpDays: 3650,
  },
  {
    // A second operator: another desk, with a fair share of its own (two desks at once, the flood bench).
    id: 'usr_ops2',
    email: 'ops2@demo.local',
    phone: '9876543213',
    name: 'Meera Nair',
    deskId: 'desk-ops-03',
    masks: LEGO,
    pwdExpDays: 3650,
  },
  {
    id: 'usr_nolego',
    email: 'nolego@demo.local',
    phone: '9876543211',
    name: 'Rahul Verma',
    deskId: 'desk-reports-01',
    // Routes and reports, but not bit 0 of the read mask: no console access.
    masks: { create: '10000000', update: '00000000', read: '01100000' },
    pwdExpDays: 3650,
  },
  {
    id: 'usr_expired',
    email: 'expired@demo.local',
    phone: '9876543212',
    name: 'Anil Kumar',
    deskId: 'desk-ops-02',
    masks: LEGO,
    pwdExpDays: -1,
  },
];
