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
export interface Contract {
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
  /** The media types of its success answer when that is not JSON (a file, an image); its failures stay JSON. */
  produces?: readonly string[];
}

/** Declares a call, keeping its literal types so that its query, params and body types can be derived. */
export const defineCall = <const C extends Contract>(call: C): C => call;

/** A schema's type: `Otherwise` when the call has none, `unknown` when only the wide JSONSchema type is known. */
type Infer<S, Otherwise> = unknown extends S ? Otherwise : JSONSchema extends S ? unknown : S extends JSONSchema ? FromSchema<S> : Otherwise;

/** The query string a call takes, from its schema. */
export type QueryOf<C extends Contract> = Infer<C['querystring'], Record<string, never>>;
/** The path parameters a call takes, from its schema. */
export type ParamsOf<C extends Contract> = Infer<C['params'], Record<string, never>>;
/** The body a call takes, from its schema (`undefined` for a call without one). */
export type BodyOf<C extends Contract> = Infer<C['body'], undefined>;

/** A contract's full path on the family's base, e.g. `/tms` + `/transporters/:id`. */
export const fullPath = (call: Pick<Contract, 'service' | 'path'>, bases: Record<ServiceName, string>): string =>
  `${bases[call.service]}${call.path}`;
