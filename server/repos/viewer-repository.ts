import type { CompanyPartner, ConsigneePartner, ViewerBranch, ViewerCompany } from '../../schemas/api/viewers';
import type { PartnerCode } from '../../schemas/viewers';
import { fteidOf } from '../rules/fteid';
import type { StoredAlertConfig } from '../rules/trip-alerts';
import type { Queryable } from '../store/store';
import type { Scope } from './scope-repository';

/** A company, branch or department as an entity of the config service. */
export type EntityScope = Pick<Scope, 'companyId' | 'branchId' | 'departmentId'>;

/** The reads of the viewers (API.md "Viewers"): entities by fteid, alert and entity configs, partners. */
export const viewerRepository = {
  /** The entity of `companyId` whose fteid is `fteid` (the company, a branch or a branch's department), or null. */
  async entityOf(q: Queryable, companyId: string, fteid: string): Promise<EntityScope | null> {
    const company = await q.one('select 1 from companies where id = $1', [companyId]);
    if (!company) return null;
    const units = await q.query<{ branch_id: string; department_id: string | null }>(
      `select b.id as branch_id, null::text as department_id from branches b where b.company_id = $1
       union all
       select d.branch_id, d.old_department_id from departments d where d.company_id = $1`,
      [companyId],
    );
    const scopes: EntityScope[] = [
      { companyId, branchId: null, departmentId: null },
      ...units.map((u) => ({ companyId, branchId: u.branch_id, departmentId: u.department_id })),
    ];
    return scopes.find((scope) => fteidOf({ ...scope, companyType: 'CONSIGNOR' }) === fteid) ?? null;
  },

  /** The company's alert configurations for a branch (or the whole company): the company-wide ones, the branch's winning. */
  async alertConfigs(q: Queryable, companyId: string, branchId: string | null): Promise<StoredAlertConfig[]> {
    const rows = await q.query<StoredAlertConfig & { branchId: string | null }>(
      `select feature_key as "featureKey", enabled, extra_context as "extraContext", branch_id as "branchId"
         from alert_configs where company_id = $1 and (branch_id is null or branch_id = $2)
        order by (branch_id is null) desc, feature_key`,
      [companyId, branchId],
    );
    const byKey = new Map<string, StoredAlertConfig>();
    for (const { branchId: _branch, ...config } of rows) byKey.set(config.featureKey, config);
    return [...byKey.values()].sort((a, b) => a.featureKey.localeCompare(b.featureKey));
  },

  /** The configuration stored under `key` for the entity, else for its branch, else for its company; null when none. */
  async entityConfig(
    q: Queryable,
    entity: EntityScope,
    key: string,
  ): Promise<{ value: unknown; branchId: string | null; departmentId: string | null } | null> {
    return q.one(
      `select value, branch_id as "branchId", department_id as "departmentId" from entity_configs
        where company_id = $1 and config_key = $2
          and (branch_id is null or branch_id = $3) and (department_id is null or department_id = $4)
        order by (department_id is not null) desc, (branch_id is not null) desc
        limit 1`,
      [entity.companyId, key, entity.branchId, entity.departmentId],
    );
  },

  async company(q: Queryable, companyId: string) {
    const company = await q.one<Pick<ViewerCompany, 'id' | 'name' | 'type'>>(
      'select id, name, type from companies where id = $1',
      [companyId],
    );
    if (!company) return null;
    const branches = await q.query<Omit<ViewerCompany['branches'][number], 'fteid'>>(
      'select id, name from branches where company_id = $1 order by id',
      [companyId],
    );
    // One row always (a company without partners counts 0 of each).
    const [counts] = await q.query<ViewerCompany['partners']>(
      `select (select count(*)::int from company_partners p join companies c on c.id = p.partner_id where p.company_id = $1 and c.type = 'CONSIGNOR') as consignors,
              (select count(*)::int from company_partners p join companies c on c.id = p.partner_id where p.company_id = $1 and c.type = 'TRANSPORTER') as transporters,
              (select count(*)::int from consignees where company_id = $1) as consignees`,
      [companyId],
    );
    return { ...company, branches, partners: counts };
  },

  async branch(q: Queryable, companyId: string, branchId: string) {
    const branch = await q.one<Omit<ViewerBranch, 'fteid' | 'departmentId' | 'departments'>>(
      'select b.id, b.name, b.company_id, c.name as company_name from branches b join companies c on c.id = b.company_id where b.id = $1 and b.company_id = $2',
      [branchId, companyId],
    );
    if (!branch) return null;
    const departments = await q.query<ViewerBranch['departments'][number]>(
      'select id, old_department_id, name from departments where branch_id = $1 order by old_department_id',
      [branchId],
    );
    return { ...branch, departments };
  },

  /** One page (from 1) of the company's partners of a type: consignees (CEE), consignor (CNR) or transporter (TRN) companies. */
  async partners(
    q: Queryable,
    companyId: string,
    type: PartnerCode,
    page: number,
    size: number,
  ): Promise<{ rows: ConsigneePartner[] | CompanyPartner[]; total: number }> {
    const offset = (page - 1) * size;
    if (type === 'CEE') {
      const total = await q.one<{ n: number }>('select count(*)::int as n from consignees where company_id = $1', [
        companyId,
      ]);
      const rows = await q.query<Omit<ConsigneePartner, 'partner_type'>>(
        `select id, code, name, type, phone, email, partner_id as "consignorId", label, address, geofence_radius as "geofenceRadius"
           from consignees where company_id = $1 order by lower(name), id limit $2 offset $3`,
        [companyId, size, offset],
      );
      return { rows: rows.map((row): ConsigneePartner => ({ partner_type: 'CEE', ...row })), total: total?.n ?? 0 };
    }
    const companyType = type === 'CNR' ? 'CONSIGNOR' : 'TRANSPORTER';
    const total = await q.one<{ n: number }>(
      'select count(*)::int as n from company_partners p join companies c on c.id = p.partner_id where p.company_id = $1 and c.type = $2',
      [companyId, companyType],
    );
    const rows = await q.query<Omit<CompanyPartner, 'partner_type' | 'fteid'>>(
      `select c.id, c.name, c.type from company_partners p join companies c on c.id = p.partner_id
        where p.company_id = $1 and c.type = $2 order by lower(c.name), c.id limit $3 offset $4`,
      [companyId, companyType, size, offset],
    );
    return {
      rows: rows.map(
        (row): CompanyPartner => ({
          partner_type: type,
          ...row,
          fteid: fteidOf({ companyId: row.id, companyType: 'CONSIGNOR', branchId: null, departmentId: null }),
        }),
      ),
      total: total?.n ?? 0,
    };
  },
};
