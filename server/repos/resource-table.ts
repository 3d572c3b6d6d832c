import { fullPath } from '../../schemas/api/contract';
import { IMAGE_CALLS } from '../../schemas/api/resources';
import { SERVICE_BASES } from '../../schemas/api/services';
import { isRecord } from '../../schemas/guards';
import {
  answerNameOf,
  answerSchemaOf,
  answersBranch,
  columnTypeOf,
  fieldsOf,
  idColumnOf,
  idNameOf,
  isVersioned,
  ownerOf,
  type Resource,
  type ResourceField,
  type ResourceRecord,
  storedValueOf,
  withinOf,
} from '../../schemas/resource';
import { newId } from '../http/ids';
import type { Queryable, Store } from '../store/store';
import { isUniqueViolation, refusingDuplicate } from '../store/unique';
import { inSavepoint } from './savepoint';
import { containsPattern, searchCondition } from './contains-pattern';
import { Taken } from '../rules/refusal';
import { type KeyOrder, type KeyPart, type ListTotal, orderBy, readPage, searchedTotal, sortedBy } from './keyset';
import { scopeFilter, type Scope } from './scope-repository';
import { versionedTable, type Expected } from './versioned';

/** A page of a resource's list: its number (from 1) or the cursor it starts after, size, search and sort. */
export interface ResourcePage {
  page: number;
  size: number;
  q?: string;
  sort?: string;
  order?: 'asc' | 'desc';
  after?: string;
  before?: string;
  /** Only the records of these values of fields the list may name (`api.listFilters`). */
  only?: ListFilters;
}

/**
 * The scope of a resource kept per owner (see `ResourceField.owner`): with whose records (`owner`, the partner's id, or
 * null for the company's own), as the route worked out from the call.
 */
export type OwnedScope = Scope & { owner?: string | null };

/** Values of fields a list names (`?enabled=1`), by field; one undefined names none. */
export type ListFilters = Readonly<Record<string, unknown>>;

/** A stored record: its fields by name, with its id (and version, for the ETag). */
export type StoredRecord = Record<string, unknown> & { id: string | number; version: number };

/**
 * What the server's rules for a resource make of a body before it is stored (server/rules/resource-rules.ts), in the
 * write's transaction: the body to store, or a refusal thrown.
 */
export type WriteRule = (
  q: Queryable,
  scope: Scope,
  body: Readonly<Record<string, unknown>>,
  /** The record an update changes (null: a create). */
  id: string | null,
) => Promise<Readonly<Record<string, unknown>>>;

/** The rows of exactly one scope and natural key: their condition, its parameters, and a new row's place. */
interface Exact {
  sql: string;
  params: unknown[];
  placement: [string, unknown][];
}

/** How a field is read: its column, a date as `YYYY-MM-DD` text. */
const readSql = (field: ResourceField) =>
  field.read ?? (field.sql === 'date' ? `to_char(${field.column}, 'YYYY-MM-DD')` : field.column);

/**
 * How a field is answered: as read, a `numeric` one as a double (the answer's number, whether its column is `double
 * precision` or PostgreSQL's `numeric`, which the driver would read as text).
 */
const answeredSql = (field: ResourceField) =>
  field.sql === 'numeric' ? `(${readSql(field)})::double precision` : readSql(field);

/** An image as a write stores it: checked, its bytes as base64 (see server/rules/image-upload.ts `decodeImage`). */
export interface StoredImage {
  base64: string;
  type: string;
  name: string;
}

/** Whether a value is an image a route has checked (a body's image is replaced by one before it is written). */
const isStoredImage = (value: unknown): value is StoredImage =>
  isRecord(value) && typeof value.base64 === 'string' && typeof value.type === 'string';

/** One column a field's value is written to: its SQL given its parameter's number, and the parameter. */
interface ColumnWrite {
  column: string;
  sql: (n: number) => string;
  value: unknown;
}

/**
 * The columns a field's value (the body's, or its default where the body leaves it out) is written to: its own, cast
 * to its type; an image's bytes (sent as base64, which PGlite sends some ten times faster than bytea), type and name.
 */
function writesOf(field: ResourceField & { name: string }, body: Readonly<Record<string, unknown>>): ColumnWrite[] {
  const sent = body[field.name];
  if (!field.image)
    return [{ column: field.column, sql: (n) => `$${n}::${columnTypeOf(field)}`, value: storedValueOf(field, sent) }];
  const image = isStoredImage(sent) ? sent : null;
  return [
    { column: field.column, sql: (n) => `decode($${n}::text, 'base64')`, value: image?.base64 ?? null },
    { column: field.image.typeColumn, sql: (n) => `$${n}::text`, value: image?.type ?? null },
    { column: field.image.nameColumn, sql: (n) => `$${n}::text`, value: image?.name ?? null },
  ];
}

/** How a field is listed: its value, or an image's address (the public call's path around the id; null without one). */
function listedSql(resource: Resource, field: ResourceField & { name: string }): string {
  if (!field.image) return `${answeredSql(field)} as "${answerNameOf(field)}"`;
  const [before, after] = fullPath(IMAGE_CALLS[resource.name][field.name], SERVICE_BASES).split(':id');
  return `case when ${field.column} is null then null else '${before}' || ${idColumnOf(resource)} || '${after}' end as "${field.image.answer}"`;
}

/**
 * A record's columns as the calls answer it, in SQL (each as its answer's name): its id, the answer's extras, its
 * fields, its branch (where it may have one) and, with `epoch` stamps, who saved it when. Its version travels as the
 * ETag of one record only.
 */
export function listedColumnsOf(resource: Resource): string {
  const idColumn = idColumnOf(resource);
  const branchColumn = answersBranch(resource) ? ', branch_id as "branchId"' : '';
  const stampColumns = resource.stamps !== 'timestamps' ? ', updated_by as "updatedBy", updated_at as "updatedAt"' : '';
  const { idAlso, companyInAnswer, computed = {} } = resource.api ?? {};
  const extras = [
    ...(idAlso !== undefined ? [`${idColumn} as "${idAlso}"`] : []),
    ...(companyInAnswer ? ['company_id as "companyId"'] : []),
    ...Object.entries(computed).map(([name, value]) => `${value.sql} as "${name}"`),
  ]
    .map((column) => `, ${column}`)
    .join('');
  const idListed = idColumn === 'id' && idNameOf(resource) === 'id' ? 'id' : `${idColumn} as "${idNameOf(resource)}"`;
  const fields = fieldsOf(resource)
    .filter((field) => !field.within)
    .map((field) => listedSql(resource, field));
  // The fields answered inside an object, as a JSON object of their answers' names.
  const within = Object.entries(withinOf(resource)).map(
    ([name, inside]) =>
      `jsonb_build_object(${inside.map((field) => `'${answerNameOf(field)}', ${answeredSql(field)}`).join(', ')}) as "${name}"`,
  );
  return `${idListed}${extras}, ${[...fields, ...within].join(', ')}${branchColumn}${stampColumns}`;
}

/** The same columns by their answers' names (`"cpId", "label", …`): to select them again from a query of them. */
export function answerNamesOf(resource: Resource): string {
  const answer = answerSchemaOf(resource);
  const names = typeof answer === 'object' && answer.properties ? Object.keys(answer.properties) : [];
  return names.map((name) => `"${name}"`).join(', ');
}

/**
 * The SQL of a declared resource (schemas/resource.ts): rows of its table with `id` (given by the server with the
 * resource's prefix, or numbered by the database), `company_id`, `branch_id` and `department_id` (as its reach has
 * them), `version`, its stamps (`updated_by` and `updated_at`, and with `timestamps` `created_by` and `created_at`) and
 * a column per field. Lists page
 * in the database in the order they show (keyset, schemas/list-cursor.ts); a create is put in the scope it is made
 * in; every write runs in a transaction (the audit log records it); a save that repeats the natural key is refused
 * with the declaration's words (409) and a stale If-Match changes nothing (412).
 */
export function resourceTable(resource: Resource) {
  const { table } = resource;
  const fields = fieldsOf(resource);
  const owner = ownerOf(resource);
  /**
   * The rows of one owner, the owner as parameter `$n` (null: the company's own), matched by `=` on the expression the
   * keyset indexes begin with: an index gives its order only after columns held equal by `=`, never after `is null`.
   */
  const ownerSql = (n: number) => (owner ? `coalesce(${owner.column}, '') = coalesce($${n}::text, '')` : 'true');
  const idColumn = idColumnOf(resource);
  const versioned = versionedTable(table, idColumn);
  const epoch = resource.stamps !== 'timestamps';
  const listed = listedColumnsOf(resource);
  const spread = fields.filter((field) => field.spread).map((field) => field.name);
  /** A row as the calls answer it: the keys of each spread JSON field are the record's own (its other values win). */
  function present<T extends Record<string, unknown>>(row: T): T {
    if (spread.length === 0) return row;
    const keys = Object.fromEntries(spread.flatMap((name) => (isRecord(row[name]) ? Object.entries(row[name]) : [])));
    const answered = { ...keys, ...row };
    for (const name of spread) delete answered[name];
    return answered;
  }
  /** The id's type in a cursor: the prefixed text, or the database's number. */
  const idType = resource.idPrefix === undefined ? ('bigint' as const) : ('text' as const);
  /** A record as a write answers it: with its version, where it keeps one (see `isVersioned`). */
  const returning = isVersioned(resource) ? `version, ${listed}` : listed;
  const { taken } = resource;
  const saving = <T>(write: () => Promise<T>) => (taken === undefined ? write() : refusingDuplicate(taken, write));
  /** An update's stamps of who saved it when, as SQL from the third parameter on, and their values. */
  const savedBy = (by: string, first = 3) =>
    epoch
      ? { stamped: `updated_by = $${first}, updated_at = $${first + 1}`, stamps: [by, Date.now()] }
      : { stamped: `updated_by = $${first}, updated_at = now()`, stamps: [by] };
  /**
   * A versioned statement's condition on the scope's company and, where the resource has one, its owner (from `$3`,
   * after the key and the versions): a record of another company or owner is out of reach (404). None without a scope
   * (a call whose `owns` has checked the record).
   */
  const ownedBy = (scope: OwnedScope | undefined) => {
    if (!scope) return {};
    const company = { where: 'company_id = $3', whereValues: [scope.companyId] };
    if (!owner) return company;
    return { where: `${company.where} and ${ownerSql(4)}`, whereValues: [scope.companyId, scope.owner ?? null] };
  };

  /**
   * The order of a page: a field (or the time saved) then the id, one direction, or the id alone; unsorted, the
   * declaration's.
   */
  function orderOf(page: Pick<ResourcePage, 'sort' | 'order'>): KeyOrder {
    const sort = page.sort ?? resource.order?.field ?? 'updatedAt';
    const desc = page.order ? page.order === 'desc' : page.sort ? false : (resource.order?.desc ?? !resource.order);
    if (sort === 'id' || sort === idNameOf(resource))
      return { name: `${sort}.${desc ? 'desc' : 'asc'}`, parts: [{ sql: idColumn, type: idType, desc }] };
    // Unsorted, records saved together by the declaration's `then` field, ascending, then by the id (all reversed asc).
    const then = page.sort === undefined ? resource.order?.then : undefined;
    if (then !== undefined) {
      const first = sortedBy(sort, partOf(sort), desc, idColumn, idType).parts[0];
      return {
        name: `${sort}.${desc ? 'desc' : 'asc'}`,
        parts: [first, { ...partOf(then), desc: !desc }, { sql: idColumn, type: idType, desc: !desc }],
      };
    }
    // When a record was made (a record with `timestamps`), to the microsecond, as a cursor's whole number.
    if (sort === 'createdAt')
      return sortedBy(
        sort,
        { sql: '(extract(epoch from created_at) * 1000000)::bigint', type: 'bigint' },
        desc,
        idColumn,
        idType,
      );
    return sortedBy(sort, partOf(sort), desc, idColumn, idType);
  }

  /** What a sort orders by: a text field in lower case, another field as read, who saved it, or when. */
  function partOf(sort: string): KeyPart {
    const field = fields.find((candidate) => candidate.name === sort);
    if (field?.sql === 'text') return { sql: `lower(${field.column})`, type: 'text' };
    if (field) return { sql: `${readSql(field)}`, type: 'text' };
    if (sort === 'updatedBy') return { sql: 'lower(updated_by)', type: 'text' };
    return { sql: 'updated_at', type: 'bigint' };
  }

  /** The scope's rows (the company's; with a branch or department chosen, that one's) matching a search. */
  function matching(scope: OwnedScope, q: string | undefined, only: ListFilters = {}) {
    const scoped =
      resource.reach === 'department'
        ? scopeFilter(scope)
        : resource.reach === 'branch'
          ? {
              sql: resource.api?.listWider
                ? 'company_id = $1 and ($2::text is null or branch_id is null or branch_id = $2)'
                : 'company_id = $1 and ($2::text is null or branch_id = $2)',
              params: [scope.companyId, scope.branchId],
            }
          : { sql: 'company_id = $1', params: [scope.companyId] };
    const named = Object.entries(only).filter(([, value]) => value !== undefined);
    // Whose records: the owner's (none named: the company's own), as the keyset indexes begin (see `ownerSql`).
    const owned = owner ? [ownerSql(scoped.params.length + 1)] : [];
    const ownerParams = owner ? [scope.owner ?? null] : [];
    const n0 = scoped.params.length + ownerParams.length;
    const filter = {
      sql: [scoped.sql, ...owned, ...named.map(([name], i) => `${resource.fields[name].column} = $${n0 + i + 1}`)].join(
        ' and ',
      ),
      params: [...scoped.params, ...ownerParams, ...named.map(([, value]) => value)],
    };
    const searched = fields.filter((field) => field.search);
    const text = q?.trim();
    if (!text || searched.length === 0) return { ...filter, scopeSql: null };
    const n = filter.params.length + 1;
    const { searchText } = resource.api ?? {};
    const condition = searchText
      ? searchCondition(`$${n}`, text, searchText)
      : `(${searched.map((field) => `${readSql(field)}::text ilike $${n}`).join(' or ')})`;
    return {
      sql: `${filter.sql} and ${condition}`,
      params: [...filter.params, containsPattern(text)],
      scopeSql: filter.sql,
    };
  }

  /**
   * The rows of exactly the scope (its company, and its branch and department or none, as the reach has them) and of
   * the natural key's values `key`: the condition, its parameters (the scope's, then the key's), and a new row's place.
   */
  function exactly(scope: Scope, key: Readonly<Record<string, string>>): Exact {
    const placement: [string, unknown][] = [
      ['company_id', scope.companyId],
      ...(resource.reach !== 'company' ? [['branch_id', scope.branchId] satisfies [string, unknown]] : []),
      ...(resource.reach === 'department' ? [['department_id', scope.departmentId] satisfies [string, unknown]] : []),
    ];
    const keyed = Object.entries(key).map(([name, value]): [string, unknown] => [resource.fields[name].column, value]);
    const sql = [...placement, ...keyed].map(([column], i) =>
      column === 'company_id' || i >= placement.length
        ? `${column} = $${i + 1}`
        : `coalesce(${column}, '') = coalesce($${i + 1}::text, '')`,
    );
    return { sql: sql.join(' and '), params: [...placement, ...keyed].map(([, value]) => value), placement };
  }
  /** The branch a create's body names where its declaration says (`api.branchIn`), as text; null for none. */
  function branchNamedIn(body: Readonly<Record<string, unknown>>): string | null {
    const path = resource.api?.branchIn;
    if (!path) return null;
    const named = path.reduce<unknown>((value, key) => (isRecord(value) ? value[key] : undefined), body);
    return typeof named === 'string' || typeof named === 'number' ? String(named) : null;
  }

  /** A setting's columns as its read answers them: its scope's ids and its fields but the natural key's. */
  const settingColumns = [
    'company_id as "companyId"',
    ...(resource.reach !== 'company' ? ['branch_id as "branchId"'] : []),
    ...(resource.reach === 'department' ? ['department_id as "departmentId"'] : []),
    ...fields
      .filter((field) => !resource.naturalKey.includes(field.name))
      .map((field) => `${answeredSql(field)}${field.asText ? '::text' : ''} as "${answerNameOf(field)}"`),
  ].join(', ');

  return {
    /** A page of the scope's records, with the next page's cursor and, read by number, the number matching. */
    async page(q: Queryable, scope: OwnedScope, page: ResourcePage) {
      const where = matching(scope, page.q, page.only);
      const source = { columns: listed, table, where: where.sql, params: where.params };
      /**
       * Every row of the scope, counted; an owner's as the database keeps their number (`keptCount`, `list_counts`
       * keyed by the owner) rather than counting a big company's every row.
       */
      const all = async () => {
        if (resource.keptCount && owner) {
          const kept = await q.one<{ n: number }>(
            `select n::int from list_counts where tbl = $1 and company_id = $2 and k1 = coalesce($3, '') and k2 = ''`,
            [table, scope.companyId, scope.owner ?? null],
          );
          return kept?.n ?? 0;
        }
        const unsearched = matching(scope, undefined, page.only);
        const row = await q.one<{ n: number }>(`select count(*)::int as n from ${table} where ${unsearched.sql}`, [
          ...unsearched.params,
        ]);
        return row?.n ?? 0;
      };
      /** The records the search selects, counted one by one (a list whose spec answers its total, as a number). */
      const exactly = async (): Promise<ListTotal> => {
        const row = await q.one<{ n: number }>(`select count(*)::int as n from ${table} where ${where.sql}`, [
          ...where.params,
        ]);
        return { total: row?.n ?? 0, estimated: false };
      };
      const count = async (): Promise<ListTotal> =>
        resource.api?.numbered && where.scopeSql !== null
          ? exactly()
          : where.scopeSql === null
            ? { total: await all(), estimated: false }
            : searchedTotal(q, source, where.scopeSql, all);
      const read = await readPage<Record<string, unknown>>(q, source, orderOf(page), page, count);
      return { ...read, data: read.data.map(present) };
    },

    /** Every record of the scope in the list's order (an unpaged list: a spec's catalogue of a few dozen). */
    async all(q: Queryable, scope: OwnedScope, only: ListFilters = {}): Promise<Record<string, unknown>[]> {
      const where = matching(scope, undefined, only);
      const rows = await q.query(
        `select ${listed} from ${table} where ${where.sql} ${orderBy(orderOf({}))}`,
        where.params,
      );
      return rows.map(present);
    },

    /**
     * One record with its version: of the scope's company and owner where a scope is given (else out of reach, 404),
     * or (none given) as the call's `owns` has checked it.
     */
    read: async (q: Queryable, id: string, scope?: OwnedScope) =>
      present(await versioned.read<StoredRecord>(q, { key: id, expected: null, returning, ...ownedBy(scope) })),

    /**
     * Adds a record in the scope, saved by `by`, its body first made what `rule` makes it (in the same transaction).
     */
    insert(
      store: Store,
      scope: OwnedScope,
      sent: Readonly<Record<string, unknown>>,
      by: string,
      rule?: WriteRule,
    ): Promise<StoredRecord> {
      // Its place: its id (unless the database numbers it), the company, and the branch (and department) its reach
      // gives it a column for (or the branch its body names, see `api.branchIn`); and who saved it when.
      const placement = (body: Readonly<Record<string, unknown>>): [string, unknown][] => [
        ...(resource.idPrefix !== undefined ? [[idColumn, newId(resource.idPrefix)] satisfies [string, unknown]] : []),
        ['company_id', scope.companyId],
        // Kept for the owner the call named (see `ResourceField.owner`).
        ...(owner ? [[owner.column, scope.owner ?? null] satisfies [string, unknown]] : []),
        ...(resource.reach !== 'company'
          ? [['branch_id', scope.branchId ?? branchNamedIn(body)] satisfies [string, unknown]]
          : []),
        ...(resource.reach === 'department' ? [['department_id', scope.departmentId] satisfies [string, unknown]] : []),
        ...(epoch
          ? [['updated_by', by] satisfies [string, unknown], ['updated_at', Date.now()] satisfies [string, unknown]]
          : [['created_by', by] satisfies [string, unknown], ['updated_by', by] satisfies [string, unknown]]),
      ];
      return saving(() =>
        store.tx(async (q) => {
          const body = rule ? await rule(q, scope, sent, null) : sent;
          const placed = placement(body);
          const writes = fields.filter((field) => !field.owner).flatMap((field) => writesOf(field, body));
          const columns = [...placed.map(([column]) => column), ...writes.map((write) => write.column)];
          const params = [
            ...placed.map((_, i) => `$${i + 1}`),
            ...writes.map((write, i) => write.sql(placed.length + i + 1)),
          ];
          return present(
            (await q.one<StoredRecord>(
              `insert into ${table} (${columns.join(', ')}) values (${params.join(', ')}) returning ${returning}`,
              [...placed.map(([, value]) => value), ...writes.map((write) => write.value)],
            ))!,
          );
        }),
      );
    },

    /**
     * Changes a record that has an expected version: every field the body sends, once `rule` has made it what it
     * stores (in the same transaction).
     */
    update(
      store: Store,
      scope: OwnedScope,
      id: string,
      sent: Readonly<Record<string, unknown>>,
      by: string,
      expected: Expected,
      rule?: WriteRule,
    ) {
      const owned = ownedBy(scope);
      const first = 3 + (owned.whereValues?.length ?? 0);
      const { stamped, stamps } = savedBy(by, first);
      return saving(() =>
        store.tx(async (q) => {
          const body = rule ? await rule(q, scope, sent, id) : sent;
          // The owner is where the record is kept, never written by an update.
          const writes = fields
            .filter((field) => field.name in body && !field.owner)
            .flatMap((field) => writesOf(field, body));
          // A patch that sends no field changes nothing: the record as it is (or the refusal of a stale If-Match).
          if (writes.length === 0)
            return present(await versioned.read<StoredRecord>(q, { key: id, expected, returning, ...owned }));
          const set = [
            stamped,
            ...writes.map((write, i) => `${write.column} = ${write.sql(i + first + stamps.length)}`),
          ].join(', ');
          return present(
            await versioned.update<StoredRecord>(q, {
              key: id,
              expected,
              ...owned,
              set,
              values: [...stamps, ...writes.map((write) => write.value)],
              returning,
            }),
          );
        }),
      );
    },

    /**
     * Flips boolean field `name` of a record that has an expected version, saved by `by` (a stale If-Match changes
     * nothing: 412).
     */
    toggle(store: Store, id: string, name: string, by: string, expected: Expected): Promise<StoredRecord> {
      const { column } = resource.fields[name];
      const { stamped, stamps } = savedBy(by);
      return store.tx(async (q) =>
        present(
          await versioned.update<StoredRecord>(q, {
            key: id,
            expected,
            set: `${stamped}, ${column} = not ${column}`,
            values: stamps,
            returning,
          }),
        ),
      );
    },

    /**
     * A setting as the scope has it exactly (its company, and its branch and department or none, as its reach has
     * them) of the natural key's values `key`: a list of at most one, its fields (a JSON field `asText` as its text).
     */
    setting(q: Queryable, scope: Scope, key: Readonly<Record<string, string>>) {
      const exact = exactly(scope, key);
      return q.query<Record<string, unknown>>(
        `select ${settingColumns} from ${table} where ${exact.sql}`,
        exact.params,
      );
    },

    /** The scope's record of the natural key's values `key` exactly (see `setting`) with its version, or null. */
    async byKey(q: Queryable, scope: Scope, key: Readonly<Record<string, string>>): Promise<StoredRecord | null> {
      const exact = exactly(scope, key);
      const row = await q.one<StoredRecord>(`select ${returning} from ${table} where ${exact.sql}`, exact.params);
      return row && present(row);
    },

    /**
     * Moves on the version of the scope's record of the natural key's values `key`, if it has one: a change of what it
     * is read with, kept elsewhere (a sidebar override's landing page), so that a form read before cannot save over it.
     */
    async touch(q: Queryable, scope: Scope, key: Readonly<Record<string, string>>): Promise<void> {
      const exact = exactly(scope, key);
      await q.query(`update ${table} set version = version + 1 where ${exact.sql}`, exact.params);
    },

    /**
     * Saves the scope's record of a natural key (see `setting`), saved by `by`, its body first made what `rule` makes
     * it: made, or else changed in place (a JSON field in `merge` keeping the stored keys the body does not send). The
     * key is a setting's `key` (named by its call's path), or else the natural key's values of the body `rule` makes
     * (a save that changes the scope's record of its key rather than refusing a second one, see `ResourceSave.upsert`).
     * Two saves of one record run one after the other (a lock of its identity for the transaction), so neither is lost
     * and the second never makes a second record; one made meanwhile by a write that takes no such lock (a copy, a
     * revert) is changed instead. A save that changes nothing writes nothing (its version stays); one that does runs
     * `changed` in its transaction. Answers the record as saved (none for a table without ids).
     */
    put(
      store: Store,
      scope: Scope,
      sent: Readonly<Record<string, unknown>>,
      by: string,
      how: {
        key?: Readonly<Record<string, string>>;
        rule?: WriteRule;
        merge?: boolean;
        changed?: (q: Queryable) => Promise<unknown>;
      } = {},
    ): Promise<StoredRecord | null> {
      const answered = resource.noIdColumn ? '1' : returning;
      /** Changes the stored record where the body changes something: the record, or null when it changes nothing. */
      const update = async (q: Queryable, exact: Exact, writes: ColumnWrite[]) => {
        const n = exact.params.length;
        const values = writes.map(({ column, sql }, i) =>
          how.merge && fields.some((field) => field.column === column && field.sql === 'json')
            ? { column, sql: `${column} || ${sql(n + i + 2)}` }
            : { column, sql: sql(n + i + 2) },
        );
        const set = [
          ...(isVersioned(resource) ? ['version = version + 1'] : []),
          `updated_by = $${n + 1}`,
          'updated_at = now()',
          ...values.map(({ column, sql }) => `${column} = ${sql}`),
        ];
        const differs = values.map(({ column, sql }) => `${column} is distinct from ${sql}`).join(' or ') || 'false';
        return q.one<StoredRecord>(
          `update ${table} set ${set.join(', ')} where ${exact.sql} and (${differs}) returning ${answered}`,
          [...exact.params, by, ...writes.map((write) => write.value)],
        );
      };
      /** Makes the record (in a savepoint: a record made meanwhile by a write that takes no lock refuses it). */
      const insert = (q: Queryable, exact: Exact, key: Readonly<Record<string, unknown>>, writes: ColumnWrite[]) => {
        const placement: [string, unknown][] = [
          ...(resource.idPrefix !== undefined
            ? [[idColumn, newId(resource.idPrefix)] satisfies [string, unknown]]
            : []),
          ...exact.placement,
          ...Object.entries(key).map(([name, value]): [string, unknown] => [resource.fields[name].column, value]),
          ['created_by', by],
          ['updated_by', by],
        ];
        const columns = [...placement.map(([column]) => column), ...writes.map((write) => write.column)];
        const params = [
          ...placement.map((_, i) => `$${i + 1}`),
          ...writes.map((write, i) => write.sql(placement.length + i + 1)),
        ];
        return inSavepoint(q, 'setting_put', () =>
          q.one<StoredRecord>(
            `insert into ${table} (${columns.join(', ')}) values (${params.join(', ')}) returning ${answered}`,
            [...placement.map(([, value]) => value), ...writes.map((write) => write.value)],
          ),
        );
      };
      const result = (row: StoredRecord | null) => (row && !resource.noIdColumn ? present(row) : null);
      return store.tx(async (q) => {
        // Twice at most: a record a copy or revert (which take no such lock) made meanwhile is then changed instead,
        // the rule made again from it.
        for (let attempt = 1; ; attempt++) {
          const body = how.rule ? await how.rule(q, scope, sent, null) : sent;
          const key =
            how.key ?? Object.fromEntries(resource.naturalKey.map((name) => [name, String(body[name] ?? '')] as const));
          const exact = exactly(scope, key);
          await q.query('select pg_advisory_xact_lock(hashtext($1))', [JSON.stringify([table, ...exact.params])]);
          const writes = fields
            .filter((field) => !(field.name in key) && field.name in body)
            .flatMap((field) => writesOf(field, body));
          const stored = await q.one<StoredRecord>(
            `select ${answered} from ${table} where ${exact.sql} for update`,
            exact.params,
          );
          if (stored) {
            const changed = await update(q, exact, writes);
            if (changed) await how.changed?.(q);
            return result(changed ?? stored);
          }
          try {
            const made = await insert(q, exact, key, writes);
            await how.changed?.(q);
            return result(made);
          } catch (err) {
            if (!isUniqueViolation(err) || attempt === 2) throw err;
          }
        }
      });
    },

    /** The image field `name` of record `id` (its bytes and type), or null when it has none (or there is no record). */
    async image(q: Queryable, id: string, name: string): Promise<{ bytes: Uint8Array; type: string } | null> {
      const image = resource.fields[name]?.image;
      if (!image) return null;
      const row = await q.one<{ bytes: Uint8Array | null; type: string | null }>(
        `select ${resource.fields[name].column} as bytes, ${image.typeColumn} as type from ${table} where ${idColumn} = $1`,
        [id],
      );
      return row?.bytes && row.type ? { bytes: row.bytes, type: row.type } : null;
    },

    /**
     * Deletes a record that has an expected version, unless a record of another table names it (409 with the
     * declaration's words; the row is locked first, so that none is added meanwhile by a save that read it).
     */
    async remove(store: Store, id: string, expected: Expected, scope?: OwnedScope): Promise<null> {
      await store.tx(async (q) => {
        await q.query(`select 1 from ${table} where ${idColumn} = $1 for update`, [id]);
        for (const use of resource.usedBy ?? []) {
          if (await q.one(`select 1 from ${use.table} where ${use.column} = $1 limit 1`, [id]))
            throw new Taken([use.message]);
        }
        await versioned.remove(q, { key: id, expected, ...ownedBy(scope) });
      });
      return null;
    },
  };
}

/**
 * The reads of a resource's records as its declaration types them (`ResourceRecord`), for a call of its own that
 * answers them (the partners fetch's consignees): the SQL selects exactly the answer's columns (`listedColumnsOf`).
 */
export function typedRecords<const R extends Resource>(resource: R) {
  const records = resourceTable(resource);
  // The one assertion: the columns listedColumnsOf selects are the answer's, which ResourceRecord types.
  const typed = (row: Record<string, unknown>) => row as ResourceRecord<R> & { version?: number };
  return {
    read: async (q: Queryable, id: string, scope: OwnedScope) => typed(await records.read(q, id, scope)),
    all: async (q: Queryable, scope: OwnedScope) => (await records.all(q, scope)).map(typed),
    page: async (q: Queryable, scope: OwnedScope, page: ResourcePage) => {
      const read = await records.page(q, scope, page);
      return { ...read, data: read.data.map(typed) };
    },
  };
}
