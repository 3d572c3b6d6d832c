import { fieldsOf } from '../../schemas/resource';
import { RESOURCES } from '../../schemas/resources';
import type { Queryable } from '../store/store';

/** Who the demo content says last changed it. */
const SEED_USER = 'ops@demo.local';

/** Every declared resource's demo rows (schemas/resource.ts `seed`), as a save in their scope would store them. */
export async function seedResources(q: Queryable, now: number): Promise<void> {
  for (const resource of RESOURCES) {
    const fields = fieldsOf(resource);
    const columns = fields.map((field) => `, ${field.column}`).join('');
    const params = fields.map((field, i) => `, $${i + 6}::${field.sql}`).join('');
    for (const row of resource.seed ?? []) {
      const values = new Map<string, unknown>(Object.entries(row.values));
      await q.query(
        `insert into ${resource.table} (id, company_id, branch_id, updated_by, updated_at${columns})
         values ($1, $2, $3, $4, $5${params})`,
        [
          row.id,
          row.company,
          'branch' in row ? row.branch : null,
          SEED_USER,
          now,
          ...fields.map((field) => values.get(field.name) ?? null),
        ],
      );
    }
  }
}
