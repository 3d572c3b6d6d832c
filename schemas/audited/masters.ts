import { DEPARTMENT_RECORD, declareAudited, type AuditedTable, PLACE_WORDS } from './declaration';

/** The masters' audited tables: routes and known places. */
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
  place: declareAudited({
    objectType: 'place',
    refs: { partner_id: 'company' },
    table: 'company_places',
    keptCount: true,
    words: PLACE_WORDS,
    name: 'Known place',
    plural: 'known places',
    key: ['cp_id'],
    id: 'cp_id',
    tenant: 'company_id',
    label: "coalesce(nullif(t.label, ''), t.cp_code)",
    fields: { cp_code: 'code' },
    versioned: true,
  }),
} as const satisfies Record<string, AuditedTable>;
