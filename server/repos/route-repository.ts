import type { RouteBody, RoutePlace } from '../../schemas/route';
import type { Queryable } from '../store/store';
import { newId } from '../http/ids';
import { routes } from '../../schemas/resources/routes';
import { answerNamesOf, listedColumnsOf } from './resource-table';
import { scopeFilter, type Scope } from './scope-repository';
import { containsPattern, prefixPattern, searchCondition } from './contains-pattern';
import { versionedTable, type Expected } from './versioned';
import {
  afterKey,
  decodeCursor,
  keyArray,
  keyColumns,
  BACKWARDS,
  ONWARDS,
  type PageCursors,
  type PageHow,
  numberedHow,
  pageCursors,
  reversed,
  numberedPage,
  orderBy,
  orderByKeys,
  searchedTotal,
  sortedBy,
  type KeyOrder,
  type KeyPart,
} from './keyset';
import {
  ROUTE_OPTIONS_PAGE,
  type ROUTE_SORTS,
  type Route,
  type RouteOption,
  type StoredPlace,
  type Waypoint,
} from '../../schemas/api/main';

type RouteSort = (typeof ROUTE_SORTS)[number];

/** The columns the routes list searches (its kept search text's, migration 092). */
const SEARCHED_COLUMNS = ['label', 'code', "origin->>'address'", "destination->>'address'", 'updated_by'];

/** Hits of a select's search few enough to read through the trigram index and sort by label. */
const FEW_HITS = 1_000;
/** A route read with its row version (the ETag; not part of the answer's body). */
export type VersionedRoute = Route & { version: number };

/** The routes' versioned writes (If-Match). */
const ROUTES = versionedTable('routes');

/** The fields of a route a write sets (a form body, or a bulk row with its first and last place as ends). */
export type RouteWrite = Pick<RouteBody, 'code' | 'label' | 'stt' | 'origin' | 'destination'>;

/** A route of a bulk upload: its fields and the places between its ends, in order. */
export interface NewRoute {
  route: RouteWrite;
  waypoints: RoutePlace[];
}

/**
 * The stored form of a place from a request body: only the fields of the contract, every text present (defaults:
 * empty texts, radius 2 km), so stray form fields never reach the database.
 */
export function toStoredPlace(p: RoutePlace): StoredPlace {
  const location = p.google.geometry?.location;
  return {
    label: p.label ?? '',
    address: p.address ?? p.google.formatted_address ?? '',
    cpCode: p.cpCode ?? '',
    geofenceRadius: p.geofenceRadius ?? 2,
    google: {
      place_id: p.google.place_id,
      ...(p.google.formatted_address !== undefined ? { formatted_address: p.google.formatted_address } : {}),
      ...(location ? { geometry: { location: { lat: location.lat, lng: location.lng } } } : {}),
    },
  };
}

/** A place as jsonb parameter text (pg would turn a JS array into a PostgreSQL array, so always send text). */
const placeJson = (p: RoutePlace) => JSON.stringify(toStoredPlace(p));

/** Columns of `routes` renamed to the API's names, from the route's declaration. */
const ROUTE_COLUMNS = listedColumnsOf(routes);
/** The same columns by their API names, to select them again from a query of {@link ROUTE_COLUMNS}. */
const ROUTE_FIELDS = answerNamesOf(routes);

/** A page of the routes list: its number (from 1) or the cursor it starts after, size, search text and sort. */
export interface RoutePage {
  page: number;
  size: number;
  q?: string;
  sort?: RouteSort;
  order?: 'asc' | 'desc';
  after?: string;
  before?: string;
}

/** What each sort of the routes list orders by (fixed SQL, never the request's text; never null). */
const ROUTE_SORT_SQL: Record<RouteSort, KeyPart> = {
  label: { sql: 'lower(label)', type: 'text' },
  code: { sql: 'lower(code)', type: 'text' },
  origin: { sql: "lower(coalesce(origin->>'address', ''))", type: 'text' },
  destination: { sql: "lower(coalesce(destination->>'address', ''))", type: 'text' },
  updatedBy: { sql: 'lower(updated_by)', type: 'text' },
  updatedAt: { sql: 'updated_at', type: 'bigint' },
};

/**
 * The order of a routes page: its sort (newest first unsorted), then the id in the same direction, so one index per
 * sort (migration 195) reads any page in order, forwards or backwards.
 */
function routeOrder(page: Pick<RoutePage, 'sort' | 'order'>): KeyOrder {
  const sort = page.sort ?? 'updatedAt';
  return sortedBy(sort, ROUTE_SORT_SQL[sort], (page.order ?? (page.sort ? 'asc' : 'desc')) === 'desc');
}

/** The SQL of routes and their waypoints. */
export const routeRepository = {
  /**
   * The scope's routes, newest first, as JSON text: lists can hold thousands of routes, so the database writes
   * the JSON and Node neither parses nor re-serialises it.
   */
  async listJson(q: Queryable, scope: Scope): Promise<string> {
    const filter = scopeFilter(scope);
    const [{ data }] = await q.query<{ data: string }>(
      `select coalesce(json_agg(r), '[]')::text as data
         from (select ${ROUTE_COLUMNS} from routes where ${filter.sql} order by updated_at desc, id desc) r`,
      filter.params,
    );
    return data;
  },

  /**
   * One page of the scope's routes whose label, code, addresses or updatedBy contain `q` (any case), sorted by
   * `sort` (then id, so pages never overlap), as JSON text, with the cursor of the page after (keyset: a page after a
   * cursor reads from the sort's index where the last one ended) and, on a page read by number, the number of
   * matching routes.
   */
  async pageJson(
    q: Queryable,
    scope: Scope,
    page: RoutePage,
  ): Promise<{ data: string; total?: number; estimated?: boolean } & PageCursors> {
    const filter = scopeFilter(scope);
    const n = filter.params.length;
    const text = page.q?.trim() ?? '';
    const search = text ? containsPattern(text) : null;
    // `search_text` (migrations 086, 092) holds the five columns in one lower-cased text, read through its trigram
    // index (migration 210).
    const searched = searchCondition(`$${n + 1}`, text, SEARCHED_COLUMNS);
    const where = `${filter.sql} and ($${n + 1}::text is null or ${searched})`;
    const params = [...filter.params, search];
    const order = routeOrder(page);
    /**
     * Up to `keep` routes read in `read` order (and one more, to know whether any lies past them), put back in the
     * list's, as JSON, with their cursors (from the keys of the first and last): after a condition on the key (its
     * values numbered from `$n + 3`), or `offset` rows on.
     */
    const slice = async (
      read: KeyOrder,
      keep: number,
      how: PageHow,
      from: { sql: string; params: unknown[] } | number,
    ) => {
      const [condition, tail, more] =
        typeof from === 'number' ? ['', ` offset $${n + 3}`, [from]] : [`and ${from.sql}`, '', from.params];
      const [row] = await q.query<{ data: string; first: string | null; last: string | null; rows: number }>(
        `with hits as (select ${ROUTE_COLUMNS}, ${keyColumns(read)} from routes where ${where} ${condition} ${orderBy(read)}
                        limit $${n + 2}${tail}),
              kept as (select * from hits ${orderByKeys(read)} limit ${keep})
         select coalesce((select json_agg(r) from (select ${ROUTE_FIELDS} from kept ${orderByKeys(order)}) r), '[]')::text as data,
                (select ${keyArray(read)} from kept ${orderByKeys(order)} limit 1)::text as first,
                (select ${keyArray(read)} from kept ${orderByKeys(reversed(order))} limit 1)::text as last,
                (select count(*)::int from hits) as rows`,
        [...params, keep + 1, ...more],
      );
      return { data: row.data, ...pageCursors(order, { ...row, more: row.rows > keep }, how) };
    };
    if (page.after) return slice(order, page.size, ONWARDS, afterKey(order, decodeCursor(order, page.after), n + 3));
    if (page.before) {
      // The routes just before the cursor's: the order read backwards from it, then put back in the list's order.
      const back = reversed(order);
      return slice(back, page.size, BACKWARDS, afterKey(back, decodeCursor(order, page.before), n + 3));
    }
    // A page read by number carries the number of matching routes: unsearched, the sum of the scope's kept counts
    // (migration 200); searched, the hits counted, or estimated when there are many. A page in the back half is read
    // from the end.
    const kept = async () => {
      const row = await q.one<{ n: number }>(
        `select coalesce(sum(n), 0)::int as n from list_counts where tbl = 'routes' and company_id = $1
            and ($2::text is null or k1 = $2) and ($3::text is null or k2 = $3)`,
        [scope.companyId, scope.branchId, scope.departmentId],
      );
      return row?.n ?? 0;
    };
    const counted = async () =>
      search
        ? searchedTotal(q, { table: 'routes', where, params }, filter.sql, kept)
        : { total: await kept(), estimated: false };
    const numbered = (by: KeyOrder, limit: number, offset: number) =>
      slice(by, limit, numberedHow(by === order, page.page, offset), offset);
    return numberedPage(order, page, counted, numbered, { data: '[]', next: null, prev: null });
  },

  /**
   * A select's options: at most a page of the scope's routes by label, and when a text is typed those whose label or
   * code contains it (any case): first those whose label begins with it, read from a range of the label index
   * (migration 195); then, to fill the page, those containing it elsewhere, through the kept search text's trigram
   * index (migration 210) while they are few ({@link FEW_HITS}), else by walking the label index. No read grows with
   * the company's routes unless the text is in thousands of them and begins none.
   */
  async options(q: Queryable, scope: Scope, text = ''): Promise<RouteOption[]> {
    const filter = scopeFilter(scope);
    const n = filter.params.length;
    const byLabel = `order by lower(label), id limit ${ROUTE_OPTIONS_PAGE}`;
    const wanted = text.trim().toLowerCase();
    if (!wanted)
      return q.query<RouteOption>(`select id, label, code from routes where ${filter.sql} ${byLabel}`, filter.params);
    // Labels from the typed text up to the text with its last character one higher: those that begin with it.
    const above = `${wanted.slice(0, -1)}${String.fromCharCode(wanted.charCodeAt(wanted.length - 1) + 1)}`;
    const starting = await q.query<RouteOption>(
      `select id, label, code from routes where ${filter.sql}
          and lower(label) >= $${n + 1} and lower(label) < $${n + 2} and lower(label) like $${n + 3} ${byLabel}`,
      [...filter.params, wanted, above, prefixPattern(wanted)],
    );
    if (starting.length === ROUTE_OPTIONS_PAGE) return starting;
    const containing = `${filter.sql} and search_text like lower($${n + 1}) and (label ilike $${n + 1} or code ilike $${n + 1})`;
    const params = [...filter.params, containsPattern(wanted)];
    const few = await q.query<RouteOption & { hits: number }>(
      `with hits as materialized (select id, label, code from routes where ${containing} limit ${FEW_HITS + 1})
       select id, label, code, (select count(*) from hits)::int as hits from hits ${byLabel}`,
      params,
    );
    const others =
      (few[0]?.hits ?? 0) <= FEW_HITS
        ? few
        : await q.query<RouteOption>(`select id, label, code from routes where ${containing} ${byLabel}`, params);
    const shown = new Set(starting.map((route) => route.id));
    const rest = others.filter((route) => !shown.has(route.id)).map(({ id, label, code }) => ({ id, label, code }));
    return [...starting, ...rest].slice(0, ROUTE_OPTIONS_PAGE);
  },

  /** The option of route `id` (ownership is checked by the caller), or none. */
  option: (q: Queryable, id: string) => q.query<RouteOption>('select id, label, code from routes where id = $1', [id]),

  /**
   * The scope's routes whose label or code is one of `names` (compared lower-cased, through the label and code
   * indexes), newest first as the list shows them: a sheet's names looked up without reading the company's routes.
   */
  lookup(q: Queryable, scope: Scope, names: readonly string[]): Promise<RouteOption[]> {
    const filter = scopeFilter(scope);
    const n = filter.params.length;
    const wanted = [...new Set(names.map((name) => name.trim().toLowerCase()).filter(Boolean))];
    return q.query<RouteOption>(
      `select id, label, code from routes
        where ${filter.sql} and (lower(label) = any($${n + 1}::text[]) or (code <> '' and lower(code) = any($${n + 1}::text[])))
        order by updated_at desc, id desc`,
      [...filter.params, wanted],
    );
  },

  /** Route `id` with its row version (the ETag), or null when it does not exist; ownership is checked by the caller. */
  byId: (q: Queryable, id: string) =>
    q.one<VersionedRoute>(`select ${ROUTE_COLUMNS}, version from routes where id = $1`, [id]),

  /** Inserts a route in `scope`; returns the stored route with its first version (the ETag). */
  async insert(q: Queryable, scope: Scope, route: RouteWrite, by: string): Promise<VersionedRoute> {
    return (await q.one<VersionedRoute>(
      `insert into routes (id, company_id, branch_id, department_id, code, label, stt, origin, destination,
                           updated_by, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning ${ROUTE_COLUMNS}, version`,
      [
        newId('rt'),
        scope.companyId,
        scope.branchId,
        scope.departmentId,
        route.code ?? '',
        route.label.trim(),
        route.stt ?? null,
        placeJson(route.origin),
        placeJson(route.destination),
        by,
        Date.now(),
      ],
    ))!;
  },

  /**
   * Inserts routes in `scope` with their waypoints (in order, sequence from 1) in two statements, whatever their
   * number (a bulk upload); returns the new routes' ids in order. Throws when the database refuses any of them.
   */
  async insertMany(q: Queryable, scope: Scope, routes: NewRoute[], by: string): Promise<string[]> {
    const rows = routes.map(({ route }) => ({
      id: newId('rt'),
      code: route.code ?? '',
      label: route.label.trim(),
      stt: route.stt ?? null,
      origin: toStoredPlace(route.origin),
      destination: toStoredPlace(route.destination),
    }));
    await q.query(
      `insert into routes (id, company_id, branch_id, department_id, code, label, stt, origin, destination,
                           updated_by, updated_at)
       select r.id, $2::text, $3::text, $4::text, r.code, r.label, r.stt, r.origin, r.destination, $5::text, $6::bigint
         from jsonb_to_recordset($1::jsonb) as r(id text, code text, label text, stt double precision, origin jsonb, destination jsonb)`,
      [JSON.stringify(rows), scope.companyId, scope.branchId, scope.departmentId, by, Date.now()],
    );
    const waypoints = routes.flatMap(({ waypoints: places }, r) =>
      places.map((place, i) => ({
        id: newId('wp'),
        routeId: rows[r].id,
        sequence: i + 1,
        place: toStoredPlace(place),
      })),
    );
    if (waypoints.length) {
      await q.query(
        `insert into route_waypoints (id, route_id, sequence, place)
         select w.id, w."routeId", w.sequence, w.place
           from jsonb_to_recordset($1::jsonb) as w(id text, "routeId" text, sequence integer, place jsonb)`,
        [JSON.stringify(waypoints)],
      );
    }
    return rows.map((row) => row.id);
  },

  /**
   * Updates a route of the company (ownership checked by the caller) and bumps its version, only while it has an
   * `expected` version (If-Match; null: any); returns the stored route (or the refusal thrown).
   */
  update(q: Queryable, id: string, route: RouteWrite, by: string, expected: Expected = null): Promise<VersionedRoute> {
    return ROUTES.update<VersionedRoute>(q, {
      key: id,
      expected,
      set: 'code = $3, label = $4, stt = $5, origin = $6, destination = $7, updated_by = $8, updated_at = $9',
      values: [
        route.code ?? '',
        route.label.trim(),
        route.stt ?? null,
        placeJson(route.origin),
        placeJson(route.destination),
        by,
        Date.now(),
      ],
      returning: `${ROUTE_COLUMNS}, version`,
    });
  },

  /** The waypoints of a route in sequence. */
  async waypoints(q: Queryable, routeId: string): Promise<Waypoint[]> {
    const rows = await q.query<{ id: string; sequence: number; place: StoredPlace }>(
      'select id, sequence, place from route_waypoints where route_id = $1 order by sequence',
      [routeId],
    );
    return rows.map((r) => ({ id: r.id, ...r.place, sequence: r.sequence }));
  },

  /**
   * The sequence of a waypoint added after the route's last one, under a lock of the route row (held to the end of the
   * transaction), so two adds at once do not take the same number.
   */
  async nextWaypoint(q: Queryable, routeId: string): Promise<number> {
    await q.query('select 1 from routes where id = $1 for update', [routeId]);
    const row = await q.one<{ n: number }>(
      'select coalesce(max(sequence), 0)::int + 1 as n from route_waypoints where route_id = $1',
      [routeId],
    );
    return row?.n ?? 1;
  },

  /** The route of waypoint `id`, or null when there is none; whether it is in scope is the caller's check (`owns`). */
  async waypointRoute(q: Queryable, id: string): Promise<string | null> {
    return (
      (await q.one<{ route_id: string }>('select route_id from route_waypoints where id = $1', [id]))?.route_id ?? null
    );
  },

  /**
   * Stores the route's waypoints in the order of `ids` (sequence 1..n), under a lock of the route so no add or delete
   * runs between the check and the write. False, changing nothing, unless `ids` names each waypoint exactly once.
   */
  async reorderWaypoints(q: Queryable, routeId: string, ids: string[]): Promise<boolean> {
    await q.query('select 1 from routes where id = $1 for update', [routeId]);
    const current = (
      await q.query<{ id: string }>('select id from route_waypoints where route_id = $1', [routeId])
    ).map((r) => r.id);
    const wanted = new Set(ids);
    if (wanted.size !== ids.length || ids.length !== current.length || !current.every((id) => wanted.has(id)))
      return false;
    await q.query(
      `update route_waypoints w set sequence = o.n
         from unnest($2::text[]) with ordinality as o(id, n)
        where w.route_id = $1 and w.id = o.id and w.sequence <> o.n`,
      [routeId, ids],
    );
    return true;
  },

  /** Deletes waypoint `id` of route `routeId` and renumbers the rest from 1 (spec 000 section 4). */
  async removeWaypoint(q: Queryable, routeId: string, id: string): Promise<void> {
    // The route's lock, as add and reorder take it: a reorder running beside this delete cannot leave a gap.
    await q.query('select 1 from routes where id = $1 for update', [routeId]);
    await q.query('delete from route_waypoints where id = $1', [id]);
    await q.query(
      `update route_waypoints w set sequence = n.rn
         from (select id, row_number() over (order by sequence) as rn from route_waypoints where route_id = $1) n
        where w.id = n.id`,
      [routeId],
    );
  },
};
