import type { ApConfig, ApConfigPage } from '../../schemas/api/ap';
import type { ApType } from '../../schemas/ap-config';
import { versionedTable, type Expected } from './versioned';
import { containsPattern } from './contains-pattern';
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
/** The AP configs' versioned reads and writes (If-Match), each of a company (`$3`). */
const versioned = versionedTable('ap_configs');
const OF_COMPANY = 'company_id = $3';

/** The SQL of AP configs (API.md "AP config"); every statement names the company, so another's row is never touched. */
export const apConfigRepository = {
  /** A zero-based page of the company's AP configs, newest first, and how many it has in all. */
  async page(q: Queryable, companyId: string, page: number, size: number, text = ''): Promise<ApConfigPage> {
    // A search: the type, a CBDT id or partner CBDT id, or anything in the value's JSON text.
    const search = text.trim() ? containsPattern(text.trim()) : null;
    const where = `company_id = $1 and ($2::text is null or type ilike $2 or cbdt_id::text ilike $2
      or partner_cbdt_id::text ilike $2 or value::text ilike $2)`;
    const data = await q.query<ApConfig>(
      `select ${COLUMNS} from ap_configs where ${where} order by id desc limit $3 offset $4`,
      [companyId, search, size, page * size],
    );
    const counted = await q.one<{ total: number }>(`select count(*)::int as total from ap_configs where ${where}`, [
      companyId,
      search,
    ]);
    return { total: counted?.total ?? 0, data };
  },

  /** AP config `id` of the company, with its version, or null. */
  byId: (q: Queryable, companyId: string, id: number) =>
    q.one<VersionedApConfig>(`select ${COLUMNS}, version from ap_configs where id = $1 and company_id = $2`, [
      id,
      companyId,
    ]),

  /** The version of AP config `id` of the company, or null when it has none. */
  version: (q: Queryable, companyId: string, id: number): Promise<number | null> =>
    versioned.version(q, { key: id, where: OF_COMPANY, whereValues: [companyId] }),

  /** Adds an AP config to the company; the stored row. */
  async insert(q: Queryable, companyId: string, fields: ApConfigWrite, user: string): Promise<VersionedApConfig> {
    return (await q.one<VersionedApConfig>(
      `insert into ap_configs (company_id, cbdt_id, partner_cbdt_id, type, value, created_by, updated_by)
       values ($1, $2, $3, $4, $5::jsonb, $6, $6) returning ${COLUMNS}, version`,
      [companyId, fields.cbdt_id, fields.partner_cbdt_id, fields.type, JSON.stringify(fields.value), user],
    ))!;
  },

  /** Replaces AP config `id` of the company while it has an `expected` version; the stored row (or the refusal thrown). */
  update: (q: Queryable, companyId: string, id: number, fields: ApConfigWrite, expected: Expected, user: string) =>
    versioned.update<VersionedApConfig>(q, {
      key: id,
      expected,
      where: OF_COMPANY,
      whereValues: [companyId],
      set: 'cbdt_id = $4, partner_cbdt_id = $5, type = $6, value = $7::jsonb, updated_by = $8, updated_at = now()',
      values: [fields.cbdt_id, fields.partner_cbdt_id, fields.type, JSON.stringify(fields.value), user],
      returning: `${COLUMNS}, version`,
    }),

  /** Deletes AP config `id` of the company while it has an `expected` version (or throws the refusal). */
  remove: (q: Queryable, companyId: string, id: number, expected: Expected): Promise<void> =>
    versioned.remove(q, { key: id, expected, where: OF_COMPANY, whereValues: [companyId] }),

  /** Whether company `partnerId` is a partner of the company. */
  async isPartner(q: Queryable, companyId: string, partnerId: string): Promise<boolean> {
    return Boolean(
      await q.one('select 1 from company_partners where company_id = $1 and partner_id = $2', [companyId, partnerId]),
    );
  },
};
