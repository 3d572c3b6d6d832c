import { PROPOSAL_MSG } from '../../schemas/proposal';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { Contract, EnvelopeKind } from '../../schemas/api/contract';
import { ANSWERS } from '../../schemas/api/answers';
import { reasonsOf } from '../../schemas/api/refers';
import { successSchema } from '../../schemas/api/envelopes';
import { TEXT } from './envelope';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The OpenAPI extensions each documented call carries: its service, its envelope, the spec's texts it answers and
     * why each id it names that is not the scope branch's record is not bound to it (by where it is, `query.cpId`).
     */
    'x-service'?: Contract['service'];
    'x-envelope'?: Contract['envelope'];
    'x-messages'?: Contract['messages'];
    'x-refers'?: Record<string, string>;
  }
}

/** Where the API document lives: the Swagger UI at /docs, the OpenAPI document at /docs/json. */
export const DOCS_PREFIX = '/docs';

const messageList = { type: 'array', items: { type: 'string' } } as const;

/** The answer of each envelope, as the document shows it. */
const ENVELOPES: Record<EnvelopeKind, object> = {
  main: {
    type: 'object',
    description: "The main API's envelope: message lists the texts shown as error toasts ([] on success)",
    properties: { success: { type: 'boolean' }, data: {}, message: messageList },
  },
  data: {
    type: 'object',
    description:
      "The data family's envelope: status 'ok' with result.status 1, or 'error' with result.status 0 and the texts in result.message",
    properties: {
      status: { type: 'string', enum: ['ok', 'error'] },
      result: {
        type: 'object',
        properties: { status: { type: 'integer', enum: [0, 1] }, data: {}, message: { type: 'string' } },
      },
    },
  },
  value: {
    type: 'object',
    description:
      "The notification service's envelope: the answer is value; a refusal answers the main API's envelope (message lists its texts)",
    properties: { value: {} },
  },
  none: { description: 'Not enveloped' },
};

/** Fastify's body limit where a call sets none. */
const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** Fastify's longest path parameter: a longer one is answered 414 by Fastify itself, before any route. */
const MAX_PARAM_LENGTH = 100;

/** The header a versioned call reads (see `Contract.versioned`): the ETag its record was read with. */
const IF_MATCH = {
  type: 'object',
  properties: {
    'if-match': {
      type: 'string',
      maxLength: 1024,
      description: 'The ETag the record was read with (\'"<version>"\'); absent or *: no condition',
    },
  },
};

/** The header of a 429 or a 503: how long to wait (the health check's 503 gives none). */
const RETRY_AFTER = {
  'Retry-After': { type: 'integer', minimum: 1, description: 'Seconds to wait before trying again, when given' },
};

/** The header of a call that answers its record's version (`etag`, `versioned`; server/http/route.ts). */
const ETAG = {
  ETag: { type: 'string', description: "The record's version ('\"<version>\"'), to send back as If-Match" },
};

/**
 * The success answer: JSON in the call's envelope, or the media types the contract `produces` (a file, an image); with
 * the record's ETag where the call answers one.
 */
function successOf(call: Contract) {
  const content = call.produces
    ? Object.fromEntries(call.produces.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]))
    : { 'application/json': { schema: successSchema(call) ?? ENVELOPES[call.envelope] } };
  return { description: 'Success', content, ...((call.etag || call.versioned) && { headers: ETAG }) };
}

/**
 * Every answer a call can give, by status: those every call of its kind gives, derived from its contract (a body can
 * be malformed, too large or of a media type the server does not read; a guarded call can lack its token; a call
 * naming ids can name unknown ones; anything can fail unexpectedly), and the call's own `answers`, whose text wins
 * for a status both give. Refusals are JSON: the data family's envelope, else the main one (the token checks answer
 * before any family's code, so always in the main envelope).
 */
export function answersOf(call: Contract): Record<number, object> {
  const refusal = call.envelope === 'data' ? ENVELOPES.data : ENVELOPES.main;
  const answers: Record<number, object> = { 200: successOf(call) };
  const add = (status: number, description: string, schema: object = refusal) => {
    answers[status] = {
      description: call.answers?.[status] ?? description,
      content: { 'application/json': { schema } },
      ...((status === 429 || status === 503) && { headers: RETRY_AFTER }),
    };
  };
  const takesBody = call.method !== 'GET';
  if (call.querystring || call.params || call.body || takesBody) {
    add(
      400,
      `The request breaks a rule of the call's schemas: the rule's own text (errorMessage), as the console's forms show it${takesBody ? "; 'Invalid request' for a body that is not JSON" : ''}`,
    );
  }
  if (!call.public) {
    add(401, `'${TEXT.unauthorized}': no desk token, or an expired one`, ENVELOPES.main);
    add(403, `'${TEXT.noLego}': the desk lacks prm.super.read`, ENVELOPES.main);
  }
  if (call.querystring || call.params || call.scope)
    add(404, `'${TEXT.notFound}': an unknown company or id, or an id of another company`);
  if (takesBody) {
    add(413, `'Request is too large': a body over ${call.bodyLimit ?? DEFAULT_BODY_LIMIT} bytes`);
    add(415, "'Invalid request': a body of a media type the call does not read");
  }
  if (call.params)
    add(
      414,
      `A path parameter over ${MAX_PARAM_LENGTH} characters: Fastify's own answer {error, code, message, statusCode}`,
      ENVELOPES.none,
    );
  if (call.versioned) add(412, ANSWERS.stale);
  // A write of an area its company reviews (API.md "Proposals"), refused before the handler runs.
  if (call.area && takesBody) {
    const reviewed = `'${PROPOSAL_MSG.reviewRequired('…')}': the company reviews this area's changes (propose it instead)`;
    const own = call.answers?.[409];
    answers[409] = {
      description: own ? `${own} / ${reviewed}` : reviewed,
      content: { 'application/json': { schema: refusal } },
    };
  }
  add(500, `'${TEXT.failed}': an unexpected failure (logged)`);
  // The call's own statuses; a call answering bytes answers its own refusals as they are (e.g. the health check's 503).
  for (const [status, description] of Object.entries(call.answers ?? {})) {
    if (!answers[Number(status)]) add(Number(status), description, call.envelope === 'none' ? ENVELOPES.none : refusal);
  }
  return answers;
}

/** Keywords of this project's ajv vocabulary (schemas/ajv-vocabulary.ts), which OpenAPI does not know. */
const OWN_KEYWORDS = new Set(['errorMessage', 'maxEntries']);
/** Where the keys of an object name things (properties, definitions), not keywords. */
const NAMING_KEYS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'paths',
  'responses',
  'content',
]);

/**
 * The document with the vocabulary's keywords published as extensions (`x-errorMessage`: the texts the server answers
 * when that rule breaks; `x-maxEntries`), so that a standard OpenAPI reader accepts it and still sees them.
 */
export function withExtensions<T>(node: T): T;
export function withExtensions(node: unknown): unknown {
  return extended(node, false);
}

/** A copy of a node of the document with its own keywords renamed; `naming`: the node's keys name things. */
function extended(node: unknown, naming: boolean): unknown {
  if (Array.isArray(node)) return node.map((item) => extended(item, false));
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      !naming && OWN_KEYWORDS.has(key) ? `x-${key}` : key,
      // An own keyword's value (errorMessage's texts by rule) is published as it is.
      !naming && OWN_KEYWORDS.has(key) ? value : extended(value, !naming && NAMING_KEYS.has(key)),
    ]),
  );
}

/**
 * Mounts the OpenAPI document of every registered call (each route's contract gives its summary, query, params,
 * body, answers, the spec's texts and why an id it names is not the scope branch's record) and the Swagger UI at
 * {@link DOCS_PREFIX}. Register before the routes.
 */
export async function useApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Lego platform API',
        description: 'The calls of the configuration console (specs 000 and 001), each declared once in schemas/api/.',
        version: '1',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: '/', description: 'This server' }],
      components: { securitySchemes: { desk: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ desk: [] }],
    },
    transformObject: (document) =>
      withExtensions('openapiObject' in document ? document.openapiObject : document.swaggerObject),
    transform: ({ schema, url, route }) => {
      const call = route.config?.contract;
      if (!call) return { schema: { ...schema, hide: true }, url };
      const description = call.messages?.length
        ? `Texts it can answer: ${call.messages.map((m) => `'${m}'`).join(', ')}`
        : undefined;
      return {
        url,
        schema: {
          ...schema,
          ...(description && { description }),
          ...(call.versioned && { headers: IF_MATCH }),
          // A public call says so: no security requirement (the document's default is the desk token).
          security: call.public ? [] : [{ desk: [] }],
          response: answersOf(call),
          'x-service': call.service,
          'x-envelope': call.envelope,
          ...(call.messages && { 'x-messages': call.messages }),
          ...(call.refers && { 'x-refers': reasonsOf(call) }),
        },
      };
    },
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // Everything from this origin: no CDN, no remote validator badge; Swagger UI sets inline styles as it renders.
    // Sent as the answer goes out, so it replaces the console's policy (security-headers.ts) on the document's pages.
    staticCSP:
      "default-src 'self'; base-uri 'self'; font-src 'self' data:; frame-ancestors 'none'; img-src 'self' data:; object-src 'none'; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'",
    uiConfig: { validatorUrl: null, docExpansion: 'list', deepLinking: true },
  });
}
