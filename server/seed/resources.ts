import { columnTypeOf, fieldsOf, storedValueOf } from '../../schemas/resource';
import { ALL_RESOURCES } from '../../schemas/resources';
import type { Queryable } from '../store/store';

/** Who the demo content says last changed it. */
const SEED_USER = 'ops@demo.local';

/**
 * Every declared resource's demo rows (schemas/resource.ts `seed`), as a save in their scope would store them: with
 * the row's id (or the database's), its company, branch and department (where the resource has them), who saved it when,
 * and its fields (a field left out its default; a label left out, that of the master entry the row picks).
 */
export async function seedResources(q: Queryable, now: number): Promise<void> {
  for (const resource of ALL_RESOURCES) {
    const fields = fieldsOf(resource);
    for (const row of resource.seed ?? []) {
      const placed: [string, unknown][] = [
        ...(row.id !== undefined ? [['id', row.id] satisfies [string, unknown]] : []),
        ['company_id', row.company],
        ...(resource.reach !== 'company' ? [['branch_id', row.branch ?? null] satisfies [string, unknown]] : []),
        ...(resource.reach === 'department'
          ? [['department_id', row.department ?? null] satisfies [string, unknown]]
          : []),
        ...(resource.stamps === 'timestamps'
          ? [
              ['created_by', SEED_USER] satisfies [string, unknown],
              ['updated_by', SEED_USER] satisfies [string, unknown],
            ]
          : [['updated_by', SEED_USER] satisfies [string, unknown], ['updated_at', now] satisfies [string, unknown]]),
      ];
      const values = new Map<string, unknown>(Object.entries(row.values));
      const columns = [...placed.map(([column]) => column), ...fields.map((field) => field.column)];
      const param = (name: string) => `$${placed.length + fields.findIndex((field) => field.name === name) + 1}`;
      const { master } = resource;
      const params = [
        ...placed.map((_, i) => `$${i + 1}`),
        ...fields.map((field) =>
          // A row picked from a master list, its label left out, takes the master entry's.
          master?.label === field.name
            ? `coalesce(${param(field.name)}::text, (select ${master.labelSql} from ${master.table} m where m.id = ${param(master.field)}::text))`
            : `${param(field.name)}::${columnTypeOf(field)}`,
        ),
      ];
      await q.query(`insert into ${resource.table} (${columns.join(', ')}) values (${params.join(', ')})`, [
        ...placed.map(([, value]) => value),
        ...fields.map((field) => storedValueOf(field, values.get(field.name))),
      ]);
    }
  }
}
