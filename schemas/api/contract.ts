import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { ServiceName } from './services';

/** The HTTP methods the spec's calls use. */
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * How a call wraps its answer: the main API's `{success, data, message[]}` (spec 000 section 7), the data family's
 * `{status, result}` (spec 001 section 7), the notification service's `{value}` (spec 002 section 7), or none (bytes
 * such as a logo, or a document).
 */
export type EnvelopeKind = 'main' | 'data' | 'value' | 'none';

/**
 * One call of the spec, declared once: the server registers its route from it, screens name it as their endpoint,
 * the OpenAPI document at `/docs` describes it and tests address it. `querystring`, `params` and `body` are the
 * shared JSON Schemas (with their ajv-errors messages) that the server validates with and the types come from.
 */
interface CallBase {
  /** Unique name of the call, `family.action` (the OpenAPI operationId). */
  id: string;
  service: ServiceName;
  method: Method;
  /** Path on the family's base, with `:name` placeholders. */
  path: string;
  /** One line for the API document. */
  summary: string;
  querystring?: JSONSchema;
  params?: JSONSchema;
  body?: JSONSchema;
  envelope: EnvelopeKind;
  /** Texts of the spec this call can answer besides its schemas' messages (documented in `/docs`). */
  messages?: readonly string[];
  /** Largest body accepted, in bytes (Fastify's default 1 MB otherwise). */
  bodyLimit?: number;
  /** Served without the desk token (login, logos). */
  public?: boolean;
  /**
   * The statuses it answers besides those every call of its kind gives (`/docs` derives those from the rest of the
   * contract: server/http/api-docs.ts), each with when it does, e.g. `{ 409: TRANSPORTER_TAKEN, 412: ANSWERS.stale }`.
   */
  answers?: Readonly<Record<number, string>>;
  /**
   * Fields the envelope carries beside the data (the main API's `total` or `pagination`, beside `success`; the data
   * family's beside `result.status`), by name.
   */
  meta?: Readonly<Record<string, JSONSchema>>;
  /**
   * Why the answer is sent as the handler built it instead of serialized by `answer` (e.g. JSON that PostgreSQL
   * builds, streamed for speed): the schema still documents and tests it.
   */
  unserialized?: string;
  /** Where it reads the scope it acts in (see {@link ScopeSource}); absent: it takes none. */
  scope?: ScopeSource;
  /** The records it addresses by id, checked within the scope's reach before it runs (see {@link Owned}). */
  owns?: readonly Owned[];
  /**
   * The declared resource (schemas/resources/) whose records it reads or writes: a write (any method but GET) of an
   * area whose company requires review of it (issue 39, API.md "Proposals") is refused before it runs, 409 asking
   * for a proposal instead.
   */
  area?: string;
  /**
   * The other ids it names, which are not records of the scope's branch, each with why: a record of an aggregate kept
   * for the whole company (see {@link CompanyWide}), or the reason in words (a platform-wide entry, an id it does not
   * read, a record its handler checks by rules of its own); shared reasons are in `refers.ts`. With `owns` it
   * accounts for every id the call names: tests/server/branch-scope.test.ts tries the rest from another branch, and
   * `/docs` shows the reasons (`x-refers`).
   */
  refers?: Readonly<Record<IdAt, CompanyWide | string>>;
  /**
   * A write conditional on the record's version (API.md "Lost updates"): the server reads its If-Match (400 when
   * malformed) before the handler runs and hands it over as `request.expected`; a stale one changes nothing and is
   * answered 412. `/docs` derives the header and the 412 from it.
   */
  versioned?: true;
  /**
   * Its answer is one record with its version (API.md "Lost updates"): the handler returns the record with `version`,
   * and the server sends that as the ETag and leaves it out of the body. The data is the record or, for a fetch by id
   * in the spec's list shape, a list of one. A `versioned` write does the same. `/docs` documents the header.
   */
  etag?: true;
}

/**
 * Where a call reads the company (and branch, department) it acts in: its query or its body, under these names (the
 * main API's `c`, `b`, `d`; the data family's `companyId`, `branchId`, `departmentId`, as numbers or texts). The
 * server resolves it before the handler runs (an unknown company, or a branch or department not of it, is 404) and
 * hands it to the handler as `request.scope`.
 */
export interface ScopeSource {
  in: 'query' | 'body';
  c: string;
  b?: string;
  d?: string;
}

/** The main API's scope: `c`, `b`, `d` in the query. */
export const SCOPE_IN_QUERY = { in: 'query', c: 'c', b: 'b', d: 'd' } as const satisfies ScopeSource;
/** The data family's scope: `companyId`, `branchId`, `departmentId` in the query. */
export const IDS_IN_QUERY = {
  in: 'query',
  c: 'companyId',
  b: 'branchId',
  d: 'departmentId',
} as const satisfies ScopeSource;
/** The data family's scope named in the body. */
export const IDS_IN_BODY = {
  in: 'body',
  c: 'companyId',
  b: 'branchId',
  d: 'departmentId',
} as const satisfies ScopeSource;

/**
 * A kind of record the API addresses by id and keeps per company, declared beside the calls that address it: where
 * its rows are kept (the table, or a join for a record that is its parent's), its id column, and whether a row
 * belongs to a branch (and department) too: true for a `branch_id` (`department_id`) column, a text for the column or
 * expression that says which; `company` names the company column when it is not `company_id`.
 */
export interface Aggregate {
  name: string;
  table: string;
  id: string;
  company?: string;
  branch: boolean | string;
  department: boolean | string;
}

/** A company's aggregate with no branch column: each of its records is within reach of every branch of the company. */
export interface CompanyWide extends Aggregate {
  branch: false;
  department: false;
}

/** Where a request names an id: `params.id`, `query.routeId`, `body.vehicleId`. */
export type IdAt = `${'params' | 'query' | 'body'}.${string}`;

/**
 * Records a call addresses by id (an {@link Aggregate}), and where the id is ({@link IdAt}): before the handler runs the server checks that each named one is within the scope's reach (the
 * company's; with a branch or department chosen, that one's or the wider scope's), else 404. An id the request leaves
 * out is not checked (the call's schema says whether it may).
 */
export interface Owned {
  aggregate: Aggregate;
  id: IdAt;
}

/**
 * What a call's success sends: JSON described by `answer` (the envelope's data: the main API's `data`, the data
 * family's `result.data`, the notification service's `value`; or the whole body of a JSON call without an envelope),
 * from which the handler's return type, the OpenAPI answer and the console's `DataOf` come, and by which Fastify
 * serializes it (a field it does not name is not sent); or a file or an image of the media types `produces` names
 * (its failures stay JSON). Every call says one or the other.
 */
type Success =
  | { answer: JSONSchema; produces?: undefined }
  | { produces: readonly string[]; answer?: undefined; meta?: undefined; unserialized?: undefined };

/**
 * One call of the spec, declared once: the server registers its route from it, screens name it as their endpoint,
 * the OpenAPI document at `/docs` describes it and tests address it.
 */
export type Contract = CallBase & Success;

/** Declares a call, keeping its literal types so that its query, params and body types can be derived. */
export const defineCall = <const C extends Contract>(call: C): C => call;

/**
 * Defines a call whose answer schema is built at run time from a declaration (a known place's, schemas/resource.ts
 * `answerSchemaOf`), with the type of its data the declaration gives: `answering<KnownPlace[]>()({...})`.
 */
export const answering =
  <T>() =>
  <const C extends Contract>(call: C): C & Answering<T> =>
    call;

/** A schema's type: `Otherwise` when the call has none, `unknown` when only the wide JSONSchema type is known. */
type Infer<S, Otherwise> = unknown extends S
  ? Otherwise
  : JSONSchema extends S
    ? unknown
    : S extends JSONSchema
      ? FromSchema<S>
      : Otherwise;

/** The query string a call takes, from its schema. */
export type QueryOf<C extends Contract> = Infer<C['querystring'], Record<string, never>>;
/** The path parameters a call takes, from its schema. */
export type ParamsOf<C extends Contract> = Infer<C['params'], Record<string, never>>;
/** The body a call takes, from its schema (`undefined` for a call without one). */
export type BodyOf<C extends Contract> = Infer<C['body'], undefined>;

/**
 * A call whose data's type is known beside its answer schema, which is built at run time (a declared resource's
 * records, schemas/api/resource-calls.ts `CallsOf`): a type only, no call carries the field.
 */
export interface Answering<T> {
  readonly answered?: T;
}

/**
 * What a call's success answers inside its envelope (its `answer`, or what it is declared {@link Answering}): the
 * console's row or record type comes from it.
 */
export type DataOf<C extends Contract> =
  C extends Answering<infer T> ? (unknown extends T ? Infer<C['answer'], unknown> : T) : Infer<C['answer'], unknown>;

/** The fields a call's envelope carries beside the data (its `meta`). */
export type MetaOf<C extends Contract> =
  C['meta'] extends Readonly<Record<string, JSONSchema>>
    ? { [K in keyof C['meta']]?: C['meta'][K] extends JSONSchema ? FromSchema<C['meta'][K]> : unknown }
    : unknown;

/** A contract's full path on the family's base, e.g. `/tms` + `/transporters/:id`. */
export const fullPath = (call: Pick<Contract, 'service' | 'path'>, bases: Record<ServiceName, string>): string =>
  `${bases[call.service]}${call.path}`;
