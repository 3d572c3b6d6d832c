import { fieldsOf, type Resource, type ResourceField } from './resource';
import { RESOURCES } from './resources';

/**
 * The audited tables of a company's configuration, each declared once (DESIGN.md "one declaration per stored
 * aggregate"; this is the start of `defineResource`): where the record is kept, how it is found within its tenant,
 * how it is named in words. The audit trigger of each table is made from this declaration when the server migrates
 * (server/store/audit-triggers.ts); revert, copy, compare and the Audit Log read it; nothing else keeps a list.
 */
export interface AuditedTable {
  /** The object type the audit log records (`route_master`). */
  objectType: string;
  table: string;
  /** What one record is called, and several. */
  name: string;
  plural: string;
  /**
   * The columns that find one record: the table's primary key. Where that key is unique only inside a company
   * (partners, custom fields, landing pages, ETA preferences), the company is part of it.
   */
  key: readonly string[];
  /** The column the Audit Log shows as the object's id. */
  id: string;
  /**
   * Whose record it is: its own `company_id`, or (a row without one) its parent's, through the column that names the
   * parent's `id`.
   */
  tenant: { parent: string; via: string } | 'company_id';
  /** Where its branch is, as a path of keys into the row (`definition,branch_id`); none: the company's. */
  branch?: readonly string[];
  /** Every write bumps its `version` column (the record's ETag). */
  versioned?: true;
  /** Columns the audit keeps only as an md5 digest (secrets, images). */
  digests?: readonly string[];
  /** SQL over the row `t` that names a record in a message ("Vehicle MH12AB1234"). */
  label: string;
  /** Words for the columns a message may name (a unique value taken: "Known place code KP-17"). */
  fields?: Readonly<Record<string, string>>;
  /** Each column's name in words, for the Audit Log's changed fields (a declared resource's field labels). */
  words?: Readonly<Record<string, string>>;
  /**
   * Columns holding the id of something with a name (a route, a user, an alert type…), which the Audit Log shows by
   * name beside the id ('Priya Sharma (u-ops)'); a column of a list of ids is named element by element. A table's
   * `branch_id` and `department_id` are named without being declared (see {@link refOf}).
   */
  refs?: Readonly<Record<string, AuditRef>>;
  /** The areas of Compare and Copy its rows are compared and copied in (most tables one; feature settings two). */
  compare?: readonly CompareSection[];
  /**
   * The database keeps its number of rows per company and scope as rows come and go (`list_counts`, migrations 200 and
   * 225; where the table has a branch, `k1` is it): read instead of counting a big company's every row.
   */
  keptCount?: true;
}

/**
 * An area of Compare and Copy (schemas/config-copy.ts, server/repos/config-areas.ts): what of a table it compares,
 * how an item is matched across companies, and how a copied item is placed in the target. Its rows are the scope's:
 * the company's, and where the table has a branch, the chosen branch's (none chosen: the company-wide rows); a table
 * kept per company is not compared with a branch chosen. A row's placement (its key, company, branch, department) and
 * bookkeeping (version, created and updated at and by) are neither compared nor copied.
 */
export interface CompareSection {
  /** The area's name in code: the copy call's `area`. */
  name: string;
  /** Its heading in Compare. */
  title: string;
  /** What matches an item across companies, in words. */
  keyWords: string;
  /** The same as SQL over the row `t`: the natural key. */
  key: string;
  /** SQL over `t` that names an item, where not the table's `label`. */
  label?: string;
  /** Its rows may be a department's: only those of none are compared (a comparison is of companies and branches). */
  departments?: true;
  /** A further condition over `t` its rows meet (one table's rows in two areas). */
  where?: string;
  /** More columns that are the row's own rather than its configuration (a report schedule's entity and job). */
  own?: readonly string[];
  /** The prefix of the `id` of a row created in the target (none: the table's default gives it, or it has no id). */
  idPrefix?: string;
}

/** What an id in a column names: each kind is looked up in its own table (server/rules/audit-names.ts). */
export type AuditRef =
  | 'branch'
  | 'department'
  | 'company'
  | 'user'
  | 'route'
  | 'vehicle'
  | 'material'
  | 'place'
  | 'alertType'
  | 'event';

/** The columns every table's ids are named in without declaring them. */
const COMMON_REFS: Readonly<Record<string, AuditRef>> = {
  branch_id: 'branch',
  department_id: 'department',
  related_branch_id: 'branch',
  related_department_id: 'department',
};

/** What the id in a column of an object type names, if anything. */
export function refOf(objectType: string, column: string): AuditRef | undefined {
  return audited(objectType)?.refs?.[column] ?? COMMON_REFS[column];
}

/**
 * A record's branch as SQL over the row `t`, from its declaration's path of keys: a column, or a key inside a JSON
 * column (`definition,branch_id`).
 */
export function branchSql(path: readonly string[]): string {
  const [column, ...inside] = path;
  return inside.length === 0 ? `t.${column}` : `t.${column} #>> '{${inside.join(',')}}'`;
}

const table = <const T extends AuditedTable>(declaration: T): T => declaration;

/** The words of a place's columns: a known place's, and a consignee's own place. */
const PLACE_WORDS = {
  cp_code: 'Place code',
  label: 'Place name',
  address: 'Address',
  geofence_radius: 'Geofence radius (m)',
  google: 'Google place',
  partner_id: 'Consignor',
} as const;

/**
 * A notification configuration in words, and what matches it across companies: its event and mode, and the user,
 * group or related company it is for.
 */
const NOTIFICATION_ITEM = `(select e.name from notification_events e where e.id = t.event_id) || ' · ' || t.mode
      || coalesce(' · user ' || t.user_id, '') || coalesce(' · group ' || t.group_id, '')
      || coalesce(' · for ' || t.related_company_id, '')`;

/** Every audited table, by object type (the compared ones in the order Compare shows their areas). */
export const AUDITED = {
  route: table({
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
    key: ['id'],
    id: 'id',
    tenant: 'company_id',
    branch: ['branch_id'],
    label: "coalesce(nullif(t.code, ''), t.label)",
    fields: { code: 'code', label: 'name' },
    versioned: true,
  }),
  waypoint: table({
    objectType: 'waypoint',
    refs: { route_id: 'route' },
    table: 'route_waypoints',
    words: { sequence: 'Order', place: 'Place' },
    name: 'Route waypoint',
    plural: 'route waypoints',
    key: ['id'],
    id: 'id',
    tenant: { parent: 'routes', via: 'route_id' },
    label: "coalesce(t.place->>'address', t.id::text)",
  }),
  route_master: table({
    objectType: 'route_master',
    refs: { route_id: 'route', partner_id: 'company', vehicle_id: 'vehicle', material_id: 'material' },
    table: 'route_master',
    words: {
      route_id: 'Route',
      partner_id: 'Transporter',
      vehicle_id: 'Vehicle',
      material_id: 'Material',
      valid_from: 'Valid from',
      load_type: 'Load type',
      data: 'Freight rates',
    },
    name: 'Route master',
    plural: 'freight rates',
    key: ['id'],
    id: 'id',
    tenant: 'company_id',
    branch: ['branch_id'],
    label:
      "coalesce((select coalesce(nullif(r.code, ''), r.label) from routes r where r.id = t.route_id), t.id::text) || ' from ' || t.valid_from::text",
  }),
  vehicle: table({
    objectType: 'vehicle',
    table: 'company_vehicles',
    words: { label: 'Vehicle', ft_vehicle_id: 'Standard vehicle' },
    name: 'Vehicle',
    plural: 'vehicles',
    key: ['id'],
    id: 'id',
    tenant: 'company_id',
    branch: ['branch_id'],
    label: 't.label',
    fields: { label: 'number' },
  }),
  material: table({
    objectType: 'material',
    table: 'company_materials',
    words: { label: 'Material', ft_material_id: 'Master material' },
    name: 'Material',
    plural: 'materials',
    key: ['id'],
    id: 'id',
    tenant: 'company_id',
    branch: ['branch_id'],
    label: 't.label',
    fields: { label: 'name' },
  }),
  place: table({
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
  partner: table({
    objectType: 'partner',
    refs: { partner_id: 'company' },
    table: 'company_partners',
    words: { partner_id: 'Partner' },
    name: 'Partner link',
    plural: 'partner links',
    key: ['company_id', 'partner_id'],
    id: 'partner_id',
    tenant: 'company_id',
    label: 'coalesce((select c.name from companies c where c.id = t.partner_id), t.partner_id)',
  }),
  transporter: table({
    objectType: 'transporter',
    table: 'transporters',
    words: {
      transporter_name: 'Transporter name',
      branch: 'Branch',
      address: 'Address',
      state: 'State',
      city: 'City',
      contact_person: 'Contact person',
      phone_number: 'Phone number',
      active: 'Active',
      uid: 'UID',
      logo: 'Logo',
      logo_type: 'Logo type',
      logo_name: 'Logo file',
    },
    name: 'Transporter',
    plural: 'transporters',
    key: ['id'],
    id: 'id',
    tenant: 'company_id',
    digests: ['logo'],
    label: 't.transporter_name',
    fields: { transporter_name: 'name' },
    versioned: true,
  }),
  alert: table({
    objectType: 'alert',
    refs: { feature_key: 'alertType' },
    table: 'alert_configs',
    words: { feature_key: 'Alert', enabled: 'Enabled', extra_context: 'Settings' },
    name: 'Alert',
    plural: 'alerts',
    key: ['id'],
    id: 'id',
    tenant: 'company_id',
    branch: ['branch_id'],
    label: 'coalesce((select a.name from alert_types a where a.feature_key = t.feature_key), t.feature_key)',
    fields: { feature_key: 'feature key' },
    versioned: true,
    compare: [{ name: 'alerts', title: 'Alert settings', keyWords: 'alert', key: 't.feature_key', idPrefix: 'alc' }],
  }),
  ui_config: table({
    objectType: 'ui_config',
    table: 'ui_configs',
    words: { feature_key: 'Module', enabled: 'Enabled', extra_context: 'Alerts' },
    name: 'Alert UI config',
    plural: 'alert UI configs',
    key: ['id'],
    id: 'id',
    tenant: 'company_id',
    branch: ['branch_id'],
    label: 't.feature_key',
    fields: { feature_key: 'feature key' },
    versioned: true,
    compare: [
      {
        name: 'uiConfig',
        title: 'Alert and ticket UI config',
        keyWords: 'module',
        key: 't.feature_key',
        idPrefix: 'uic',
      },
    ],
  }),
  auto_closure: table({
    objectType: 'auto_closure',
    table: 'auto_closure_rules',
    words: { identifier: 'Auto closure type', active: 'Active', config: 'Rule' },
    name: 'Auto closure',
    plural: 'auto closure rules',
    key: ['id'],
    id: 'id',
    tenant: 'company_id',
    branch: ['branch_id'],
    label: 't.identifier',
    fields: { identifier: 'type' },
    versioned: true,
    compare: [
      {
        name: 'autoClosure',
        title: 'Auto closure',
        keyWords: 'auto closure type',
        key: 't.identifier',
        idPrefix: 'acl',
      },
    ],
  }),
  custom_field: table({
    objectType: 'custom_field',
    table: 'company_custom_fields',
    words: { field_id: 'Field', display_name: 'Display name' },
    name: 'Custom field',
    plural: 'custom fields',
    key: ['company_id', 'field_id'],
    id: 'field_id',
    tenant: 'company_id',
    label: 'coalesce(t.display_name, t.field_id)',
  }),
  sidebar_menu: table({
    objectType: 'sidebar_menu',
    refs: { user_ids: 'user' },
    table: 'sidebar_menu_configs',
    words: {
      target: 'For',
      feature_key: 'Feature',
      roles: 'Roles',
      user_ids: 'Users',
      extracontext: 'Menu items',
      enabled: 'Enabled',
    },
    name: 'Sidebar menu',
    plural: 'sidebar menus',
    key: ['id'],
    id: 'id',
    tenant: 'company_id',
    branch: ['branch_id'],
    label: "case when t.target = 'all' then 'All users' else t.target end",
    fields: { target: 'target' },
    versioned: true,
    compare: [
      { name: 'sidebarMenu', title: 'Sidebar menus', keyWords: 'role or users', key: 't.target', idPrefix: 'sbm' },
    ],
  }),
  landing_page: table({
    objectType: 'landing_page',
    table: 'sidebar_landing_pages',
    words: { target: 'For', landing_page: 'Landing page' },
    name: 'Landing page',
    plural: 'landing pages',
    key: ['company_id', 'branch_key', 'target'],
    id: 'target',
    tenant: 'company_id',
    branch: ['branch_key'],
    label: "case when t.target = 'all' then 'All users' else t.target end",
  }),
  dashboard: table({
    objectType: 'dashboard',
    table: 'dashboards',
    words: { feature_key: 'Feature', dashboard_type: 'Dashboard type', extra_context: 'Settings', enabled: 'Enabled' },
    name: 'Dashboard',
    plural: 'dashboards',
    key: ['id'],
    id: 'id',
    tenant: 'company_id',
    branch: ['branch_id'],
    label: "t.feature_key || ' · ' || t.dashboard_type",
    versioned: true,
    compare: [
      {
        name: 'dashboards',
        title: 'Dashboards',
        keyWords: 'feature and dashboard type',
        key: "t.feature_key || ' · ' || t.dashboard_type",
        departments: true,
        idPrefix: 'dsh',
      },
    ],
  }),
  report_schedule: table({
    objectType: 'report_schedule',
    table: 'report_schedules',
    words: { type: 'Report type', active: 'Active', definition: 'Definition', cron: 'Schedule' },
    name: 'Report schedule',
    plural: 'report schedules',
    key: ['id'],
    id: 'id',
    tenant: 'company_id',
    branch: ['definition', 'branch_id'],
    label: "case t.type when 'ALERT' then 'Exception report' else 'Daily trip summary' end || ' · ' || t.cron",
    fields: { type: 'type' },
    versioned: true,
    compare: [
      {
        name: 'reportSchedules',
        title: 'Daily summary and exception reports',
        keyWords: 'type and schedule (cron)',
        key: "t.type || ' · ' || t.cron",
        own: ['entity_id', 'job_uuid'],
        idPrefix: 'rs',
      },
    ],
  }),
  consignee: table({
    objectType: 'consignee',
    refs: { partner_id: 'company', cp_id: 'place' },
    table: 'consignees',
    keptCount: true,
    words: {
      code: 'Consignee code',
      name: 'Consignee name',
      type: 'Type',
      phone: 'Mobile number',
      email: 'Email',
      ...PLACE_WORDS,
    },
    name: 'Consignee',
    plural: 'consignees',
    key: ['id'],
    id: 'id',
    tenant: 'company_id',
    label: "coalesce(nullif(t.name, ''), t.code)",
    fields: { code: 'code', cp_id: 'place id' },
    versioned: true,
  }),
  notification_config: table({
    objectType: 'notification_config',
    refs: { event_id: 'event', user_id: 'user', related_company_id: 'company' },
    table: 'notification_configs',
    words: {
      event_id: 'Event',
      mode: 'Mode',
      is_enabled: 'Enabled',
      settings: 'Settings',
      secrets: 'Secrets',
      user_id: 'User',
      group_id: 'Group',
      related_company_id: 'Related company',
      related_branch_id: 'Related branch',
      related_department_id: 'Related department',
    },
    name: 'Notification configuration',
    plural: 'notification configurations',
    key: ['id'],
    id: 'id',
    tenant: 'company_id',
    branch: ['branch_id'],
    digests: ['secrets'],
    label:
      "coalesce((select e.name from notification_events e where e.id = t.event_id), t.event_id::text) || ' · ' || t.mode",
    fields: { event_id: 'event', mode: 'mode' },
    versioned: true,
    compare: [
      {
        name: 'notifications',
        title: 'Notification configurations',
        keyWords: 'event and mode',
        key: NOTIFICATION_ITEM,
        label: NOTIFICATION_ITEM,
        departments: true,
      },
    ],
  }),
  feature_setting: table({
    objectType: 'feature_setting',
    table: 'feature_settings',
    words: { feature: 'Feature', extra_context: 'Settings' },
    name: 'Feature setting',
    plural: 'feature settings',
    key: ['id'],
    id: 'id',
    tenant: 'company_id',
    branch: ['branch_id'],
    label:
      "case t.feature when 'map_view' then 'Map view' when 'tripAlerts' then 'Last mile threshold' else t.feature end",
    fields: { feature: 'feature' },
    compare: [
      {
        name: 'mapView',
        title: 'Map view',
        keyWords: 'feature',
        key: 't.feature',
        label: "'Map view'",
        departments: true,
        where: "t.feature = 'map_view'",
      },
      {
        name: 'lastMile',
        title: 'Last mile threshold',
        keyWords: 'feature',
        key: 't.feature',
        label: "'Last mile threshold'",
        departments: true,
        where: "t.feature = 'tripAlerts'",
      },
    ],
  }),
  eta_preference: table({
    objectType: 'eta_preference',
    table: 'eta_preferences',
    words: { engine_setting: 'ETA engine setting' },
    name: 'ETA preferences',
    plural: 'ETA preferences',
    key: ['company_id'],
    id: 'company_id',
    tenant: 'company_id',
    label: "'ETA preferences'",
    compare: [
      {
        name: 'eta',
        title: 'ETA preferences',
        keyWords: 'the company (one per company)',
        key: "'eta'",
        label: "'ETA engines'",
      },
    ],
  }),
  ap_config: table({
    objectType: 'ap_config',
    table: 'ap_configs',
    words: { cbdt_id: 'CBDT id', partner_cbdt_id: 'Partner CBDT id', type: 'Type', value: 'Value' },
    name: 'AP config',
    plural: 'AP configs',
    key: ['id'],
    id: 'id',
    tenant: 'company_id',
    label: "t.type || case when t.partner_cbdt_id = 0 then '' else ' · partner ' || t.partner_cbdt_id end",
    fields: { type: 'type' },
    versioned: true,
    compare: [
      {
        name: 'apConfig',
        title: 'AP config',
        keyWords: 'type and partner CBDT ID',
        key: "t.type || ' · partner ' || t.partner_cbdt_id",
      },
    ],
  }),
  entity_config: table({
    objectType: 'entity_config',
    table: 'entity_configs',
    words: { config_key: 'Setting', value: 'Value' },
    name: 'Entity config',
    plural: 'entity configs',
    key: ['id'],
    id: 'id',
    tenant: 'company_id',
    branch: ['branch_id'],
    label: 't.config_key',
    fields: { config_key: 'key' },
  }),
} as const satisfies Record<string, AuditedTable>;

/** An audited object type (a key of {@link AUDITED}). */
export type AuditedType = keyof typeof AUDITED;

/** A field's value in words as SQL over the row `t` (a date as the console shows a day, `DD/MM/YYYY`). */
const fieldSql = (field: ResourceField) =>
  field.sql === 'date' ? `to_char(t.${field.column}, 'DD/MM/YYYY')` : `t.${field.column}::text`;

/** The audit declaration of a declared resource (schemas/resource.ts): its table, words and label from its fields. */
export function auditedOf(resource: Resource): AuditedTable {
  const fields = fieldsOf(resource);
  const words = Object.fromEntries(fields.map((field) => [field.column, field.label]));
  return {
    objectType: resource.objectType,
    table: resource.table,
    name: `${resource.noun[0].toUpperCase()}${resource.noun.slice(1)}`,
    plural: resource.plural,
    key: ['id'],
    id: 'id',
    tenant: 'company_id',
    ...(resource.reach !== 'company' && { branch: ['branch_id'] }),
    versioned: true,
    label: resource.label.map((name) => `coalesce(${fieldSql(resource.fields[name])}, '')`).join(" || ' · ' || "),
    fields: Object.fromEntries(fields.map((field) => [field.column, field.label.toLowerCase()])),
    words: { ...words, branch_id: 'Branch' },
  };
}

/** Every audited table: the hand-declared ones and each declared resource's. */
export const ALL_AUDITED: readonly AuditedTable[] = [...Object.values(AUDITED), ...RESOURCES.map(auditedOf)];

/** The declaration of an object type the audit log names, or undefined for one no longer audited. */
export function audited(objectType: string): AuditedTable | undefined {
  return BY_TYPE.get(objectType);
}

const BY_TYPE = new Map<string, AuditedTable>(ALL_AUDITED.map((d) => [d.objectType, d]));

/** The declaration of an audited object type; throws for one that is none (a programming error). */
export function declarationOf(objectType: string): AuditedTable {
  const declaration = BY_TYPE.get(objectType);
  if (!declaration) throw new Error(`${objectType} is not an audited object type`);
  return declaration;
}

/** The declaration of a table, by the table's name. */
export function auditedTable(name: string): AuditedTable | undefined {
  return BY_TABLE.get(name);
}

const BY_TABLE = new Map<string, AuditedTable>(ALL_AUDITED.map((d) => [d.table, d]));
