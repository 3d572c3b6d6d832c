import type { Store } from '../store/store';
import { seedReference } from './seed-reference';
import { seedDemo } from './seed-demo';
import { seedReportSchedules } from './report-schedules';
import { seedAlerts } from './alerts';
import { seedMenuItems } from './menu-items';

/** Same lock for every instance: two starting together seed one after the other. */
const SEED_LOCK = 7_311_943;

/** Marks the demo content as loaded, so it is loaded once per database. */
const DEMO_MARK = 'seed.demo_content';

/** Loads the demo data (see README): reference data when missing, demo content once. Idempotent. */
export async function seed(store: Store): Promise<void> {
  await store.tx(async (q) => {
    await q.query('select pg_advisory_xact_lock($1)', [SEED_LOCK]);
    await seedReference(q);
    await seedAlerts(q);
    await seedReportSchedules(q);
    await seedMenuItems(q);
    const marked = await q.one('select 1 from settings where key = $1', [DEMO_MARK]);
    if (!marked) {
      await seedDemo(q);
      await q.query('insert into settings (key, value) values ($1, $2)', [DEMO_MARK, new Date().toISOString()]);
    }
  });
}
