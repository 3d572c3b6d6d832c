import { customMaterialSchema, MATERIAL_EXISTS, masterMaterialSchema } from '../material';
import { defineResource } from '../resource';

/**
 * A company's materials (spec 000 sections 2.8 and 7): each a master material picked from the platform's list (it
 * keeps the master's name) or a custom one, one of each name (ignoring case) in a scope, deleted only while no freight
 * rate names it. The spec's calls (`/saas/lego/company_materials/fetch`, `create` with a master id or a label
 * answering `{materialId}`, `delete?id=`) are built from this; the list and its two forms are screens/materials.ts.
 */
export const materials = defineResource({
  name: 'materials',
  objectType: 'material',
  table: 'company_materials',
  idPrefix: 'mat',
  noun: 'material',
  plural: 'materials',
  title: 'Materials',
  path: '/saas/lego/company_materials',
  screen: '/materialmaster',
  reach: 'department',
  api: {
    calls: ['list', 'create', 'remove'],
    ids: { list: 'fetch' },
    paths: {
      list: 'fetch',
      create: 'create',
      remove: 'delete',
    },
    unpaged: true,
    createAnswer: 'materialId',
    idInQuery: true,
  },
  fields: {
    label: {
      column: 'label',
      label: 'Material',
      sql: 'text',
      required: true,
      requiredMessage: customMaterialSchema.errorMessage.required.label,
      search: true,
      schema: customMaterialSchema.properties.label,
    },
    ftMaterialId: {
      column: 'ft_material_id',
      label: 'Master material',
      sql: 'text',
      requiredMessage: masterMaterialSchema.errorMessage.required.ftMaterialId,
      schema: masterMaterialSchema.properties.ftMaterialId,
    },
  },
  master: {
    field: 'ftMaterialId',
    label: 'label',
    table: 'static_materials',
    labelSql: 'm.type',
    what: "an entry of the platform's master materials",
  },
  usedBy: [{ table: 'route_master', column: 'material_id', message: 'This material is used by route master entries' }],
  naturalKey: ['label'],
  taken: MATERIAL_EXISTS,
  label: ['label'],
  order: { field: 'updatedAt' },
  screenFile: true,
  menu: { label: 'Materials', group: 'Masters', icon: 'material', order: 2 },
  // Each company's two, picked from the master list (each keeps the master material's name).
  seed: [
    { id: 'mat_tsl_coils', company: '1001', values: { ftMaterialId: 'mm-steel-coils' } },
    { id: 'mat_tsl_tmt', company: '1001', values: { ftMaterialId: 'mm-tmt-bars' } },
    { id: 'mat_hul_fmcg', company: '1002', values: { ftMaterialId: 'mm-fmcg-cartons' } },
    { id: 'mat_hul_detergent', company: '1002', values: { ftMaterialId: 'mm-detergent-powder' } },
    { id: 'mat_utc_bags', company: '1003', values: { ftMaterialId: 'mm-cement-bags' } },
    { id: 'mat_utc_bulk', company: '1003', values: { ftMaterialId: 'mm-bulk-cement' } },
  ],
});
