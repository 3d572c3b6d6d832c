import type { ApConfig, ApType } from '../../schemas/ap-config';
import type { Expected } from '../http/etag';
import type { Queryable } from '../store/store';

/** An AP config read with its row version (the ETag; not part of the answer's body). */
export type VersionedApConfig = ApConfig & { version: number };

/** The fields of an AP config a create or update stores (checked by the route). */
export interface ApConfigWrite {
  cbdt_id: number;
  partner_cbdt_id: number;
  type: ApType;
  value: Record<string, unknown>;
}

const COLUMNS = 'id, cbdt_id, partner_cbdt_id, type, value';
/** Row `$1` of company `$2`, while it has one of the versions in `$3` (If-Match) when any are named. */
const OWNED_AT_VERSION = 'id = $1 and company_id = $2 and ($3::int[] is null or version = any($3::int[]))';

/** The SQL of AP configs (API.md "AP config"); every statement names the company, so another's row is never touched. */
export const apConfigRepository = {
  /** A zero-based page of the company's AP configs, newest first, and how many it has in all. */
  async page(q: Queryable, companyId: string, page: number, size: number): Promise<{ total: number; data: ApConfig[] }> {
    const data = await q.query<ApConfig>(
      `select ${COLUMNS} from ap_configs where company_id = $1 order by id desc limit $2 offset $3`,
      [companyId, size, page * size],
    );
    const counted = await q.one<{ total: number }>('select count(*)::int as total from ap_configs where company_id = $1', [companyId]);
    return { total: counted?.total ?? 0, data };
  },

  /** AP config `id` of the company, with its version, or null. */
  byId: (q: Queryable, companyId: string, id: number) =>
    q.one<VersionedApConfig>(`select ${COLUMNS}, version from ap_configs where id = $1 and company_id = $2`, [id, companyId]),

  /** The version of AP config `id` of the company, or null when it has none. */
  async version(q: Queryable, companyId: string, id: number): Promise<number | null> {
    return (await q.one<{ version: number }>('select version from ap_configs where id = $1 and company_id = $2', [id, companyId]))?.version ?? null;
  },

  /** Adds an AP config to the company; the stored row. */
  async insert(q: Queryable, companyId: string, fields: ApConfigWrite, user: string): Promise<VersionedApConfig> {
    return (await q.one<VersionedApConfig>(
      `insert into ap_configs (company_id, cbdt_id, partner_cbdt_id, type, value, created_by, updated_by)
       values ($1, $2, $3, $4, $5::jsonb, $6, $6) returning ${COLUMNS}, version`,
      [companyId, fields.cbdt_id, fields.partner_cbdt_id, fields.type, JSON.stringify(fields.value), user],
    ))!;
  },

  /** Replaces AP config `id` of the company while it has an `expected` version; the stored row, or null when none qualified. */
  update: (q: Queryable, companyId: string, id: number, fields: ApConfigWrite, expected: Expected, user: string) =>
    q.one<VersionedApConfig>(
      `update ap_configs set cbdt_id = $4, partner_cbdt_id = $5, type = $6, value = $7::jsonb, updated_by = $8,
         updated_at = now(), version = version + 1
       where ${OWNED_AT_VERSION} returning ${COLUMNS}, version`,
      [id, companyId, expected, fields.cbdt_id, fields.partner_cbdt_id, fields.type, JSON.stringify(fields.value), user],
    ),

  /** Deletes AP config `id` of the company while it has an `expected` version; whether it did. */
  async remove(q: Queryable, companyId: string, id: number, expected: Expected): Promise<boolean> {
    return (await q.query(`delete from ap_configs where ${OWNED_AT_VERSION} returning id`, [id, companyId, expected])).length > 0;
  },

  /** Whether company `partnerId` is a partner of the company. */
  async isPartner(q: Queryable, companyId: string, partnerId: string): Promise<boolean> {
    return Boolean(await q.one('select 1 from company_partners where company_id = $1 and partner_id = $2', [companyId, partnerId]));
  },
};
