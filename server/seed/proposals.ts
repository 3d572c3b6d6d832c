import type { Queryable } from '../store/store';

/**
 * The demo's pending proposal (issue 39): Meera Nair (`ops2@demo.local`, the second operator) proposes for Tata Steel
 * that Holi raise no alerts, for Priya Sharma (`ops@demo.local`) to review. It reads the seeded holiday at its first
 * version, as a desk would have read it.
 */
export async function seedProposals(q: Queryable, now: number): Promise<void> {
  const items = [
    {
      resource: 'holidays',
      action: 'update',
      id: 'hol_tsl_holi',
      version: 1,
      body: { name: 'Holi', date: '2027-03-22', region: 'All India', noAlerts: true },
    },
  ];
  await q.query(
    `insert into change_proposals (id, company_id, title, comment, items, state, proposed_by, proposed_at)
     values ('prp_tsl_holi', '1001', 'No alerts on Holi', $1, $2::jsonb, 'proposed', 'usr_ops2', $3)
     on conflict (id) do nothing`,
    ['Plants run a skeleton shift: late arrivals that day are expected.', JSON.stringify(items), now],
  );
}
