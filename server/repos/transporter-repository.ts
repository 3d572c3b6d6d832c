import type { TransporterBody } from '../../schemas/transporter';
import { fullPath } from '../../schemas/api/contract';
import { SERVICE_BASES } from '../../schemas/api/services';
import { transporterCalls, type Transporter } from '../../schemas/api/transporters';
import type { Queryable } from '../store/store';
import type { DecodedLogo } from '../rules/transporter-logo';
import { versionedTable, type Expected } from './versioned';

/** Body field and its column. */
const FIELDS = [
  ['transporterName', 'transporter_name'],
  ['branch', 'branch'],
  ['address', 'address'],
  ['state', 'state'],
  ['city', 'city'],
  ['contactPerson', 'contact_person'],
  ['phoneNumber', 'phone_number'],
  ['active', 'active'],
  ['uid', 'uid'],
] as const;

/** The logo call's path on this origin around the id (`/tms/transporters/` and `/logo`): the answer's `logoUrl`. */
const [LOGO_BEFORE_ID, LOGO_AFTER_ID] = fullPath(transporterCalls.logo, SERVICE_BASES).split(':id');

/** A transporter as the API answers it. */
const COLUMNS = `id, ${FIELDS.map(([f, c]) => `${c} as "${f}"`).join(', ')},
  case when logo is null then null else '${LOGO_BEFORE_ID}' || id || '${LOGO_AFTER_ID}' end as "logoUrl"`;
const SELECT = `select ${COLUMNS} from transporters`;

/** A transporter with its row version (the ETag; not part of the answer's body). */
export type VersionedTransporter = Transporter & { version: number };

/** The transporters' versioned reads and writes (If-Match). */
const versioned = versionedTable('transporters');

/** The fields of a transporter a write may set (a create sends them all, a patch any of them). */
export type TransporterWrite = Partial<Pick<TransporterBody, (typeof FIELDS)[number][0]>>;

/**
 * Column values of the fields present in a body (trimmed texts), and of the logo when one is uploaded: as its base64
 * text, which {@link valueAt} decodes in SQL (PGlite takes some 200 ms to send 1 MB of bytea, 20 ms as text).
 */
function columnsOf(fields: TransporterWrite, logo: DecodedLogo | null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, column] of FIELDS) {
    const value = fields[field];
    if (value !== undefined) out[column] = typeof value === 'string' ? value.trim() : value;
  }
  if (logo) Object.assign(out, { logo: logo.base64, logo_type: logo.type, logo_name: logo.name });
  return out;
}

/** The SQL value of column `name` from parameter `n` (the logo travels as base64). */
const valueAt = (name: string, n: number) => (name === 'logo' ? `decode($${n}, 'base64')` : `$${n}`);

/** The SQL of the transporters of the older screens and their logos. */
export const transporterRepository = {
  /** The company's transporters, oldest first. */
  list: (q: Queryable, companyId: string) =>
    q.query<Transporter>(`${SELECT} where company_id = $1 order by created_at, id`, [companyId]),

  /** Transporter `id` as the API answers it, with its version (ownership checked by the caller). */
  byId: (q: Queryable, id: string) =>
    q.one<VersionedTransporter>(`select ${COLUMNS}, version from transporters where id = $1`, [id]),

  /** Adds transporter `id` to the company. */
  async insert(
    q: Queryable,
    companyId: string,
    id: string,
    fields: TransporterWrite,
    logo: DecodedLogo | null,
  ): Promise<void> {
    const all = { id, ...columnsOf(fields, logo), company_id: companyId };
    const names = Object.keys(all);
    await q.query(
      `insert into transporters (${names.join(', ')}) values (${names.map((n, i) => valueAt(n, i + 1)).join(', ')})`,
      Object.values(all),
    );
  },

  /**
   * Sets the fields present (and the logo when one is uploaded) and bumps the version, only while the row has an
   * `expected` version; with no fields nothing changes. Returns the stored transporter (or the refusal thrown).
   */
  update(
    q: Queryable,
    id: string,
    fields: TransporterWrite,
    logo: DecodedLogo | null,
    expected: Expected,
  ): Promise<VersionedTransporter> {
    const columns = columnsOf(fields, logo);
    const names = Object.keys(columns);
    const returning = `${COLUMNS}, version`;
    if (names.length === 0) return versioned.read<VersionedTransporter>(q, { key: id, expected, returning });
    const set = names.map((n, i) => `${n} = ${valueAt(n, i + 3)}`).join(', ');
    return versioned.update<VersionedTransporter>(q, {
      key: id,
      expected,
      set,
      values: Object.values(columns),
      returning,
    });
  },

  /** Deletes transporter `id` while it has an `expected` version (or throws the refusal). */
  remove: (q: Queryable, id: string, expected: Expected): Promise<void> => versioned.remove(q, { key: id, expected }),

  /** The stored logo of transporter `id`, or null when it has none (or there is no such transporter). */
  async logo(q: Queryable, id: string): Promise<{ bytes: Uint8Array; type: string } | null> {
    const row = await q.one<{ logo: Uint8Array | null; logo_type: string | null }>(
      'select logo, logo_type from transporters where id = $1',
      [id],
    );
    return row?.logo && row.logo_type ? { bytes: row.logo, type: row.logo_type } : null;
  },
};
