import { DEPARTMENT_RECORD, declareAudited, type AuditedTable } from './declaration';

/** The masters' audited tables: routes (known places are a declared resource, schemas/resources/known-places.ts). */
export const MASTER_TABLES = {
  route: declareAudited({
    objectType: 'route',
    table: 'routes',
    keptCount: true,
    words: {
      code: 'Route code',
      label: 'Route name',
      stt: 'Standard transit time',
      origin: 'Origin',
      destination: 'Destination',
    },
    name: 'Route',
    plural: 'routes',
    ...DEPARTMENT_RECORD,
    label: "coalesce(nullif(t.code, ''), t.label)",
    fields: { code: 'code', label: 'name' },
    versioned: true,
  }),
} as const satisfies Record<string, AuditedTable>;
