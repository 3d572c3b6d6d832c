import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { Contract, EnvelopeKind } from '../../schemas/api/contract';
import { TEXT } from './envelope';

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
    description: "The data family's envelope: status 'ok' with result.status 1, or 'error' with result.status 0 and the texts in result.message",
    properties: {
      status: { type: 'string', enum: ['ok', 'error'] },
      result: { type: 'object', properties: { status: { type: 'integer', enum: [0, 1] }, data: {}, message: { type: 'string' } } },
    },
  },
  value: {
    type: 'object',
    description: "The notification service's envelope: the answer is value; a refusal answers the main API's envelope (message lists its texts)",
    properties: { value: {} },
  },
  none: { description: 'Not enveloped' },
};

/** The failures every call can answer, besides its schemas' messages (each rule's text is in the schema's errorMessage). */
function answersOf(call: Contract) {
  const envelope = ENVELOPES[call.envelope];
  const failure = (description: string) => ({ description, content: { 'application/json': { schema: envelope } } });
  return {
    200: { description: 'Success', content: { 'application/json': { schema: envelope } } },
    ...(call.querystring || call.body || call.params ? { 400: failure("The request breaks a rule of the call's schemas: the rule's own text (errorMessage), as the console's forms show it") } : {}),
    ...(call.public ? {} : {
      401: failure(`'${TEXT.unauthorized}': no desk token, or an expired one`),
      403: failure(`'${TEXT.noLego}': the desk lacks prm.super.read`),
    }),
    ...(call.querystring || call.params ? { 404: failure(`'${TEXT.notFound}': an unknown company or id, or an id of another company`) } : {}),
  };
}

/**
 * Mounts the OpenAPI document of every registered call (each route's contract gives its summary, query, params,
 * body, answers and the spec's texts) and the Swagger UI at {@link DOCS_PREFIX}. Register before the routes.
 */
export async function useApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Lego platform API',
        description: 'The calls of the configuration console (specs 000 and 001), each declared once in schemas/api/.',
        version: '1',
      },
      components: { securitySchemes: { desk: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: ({ schema, url, route }) => {
      const call = route.config?.contract;
      if (!call) return { schema: { ...schema, hide: true } as FastifySchema, url };
      const description = call.messages?.length ? `Texts it can answer: ${call.messages.map((m) => `'${m}'`).join(', ')}` : undefined;
      return {
        url,
        schema: {
          ...schema,
          ...(description && { description }),
          ...(call.public ? {} : { security: [{ desk: [] }] }),
          response: answersOf(call),
          'x-service': call.service,
          'x-envelope': call.envelope,
          ...(call.messages && { 'x-messages': call.messages }),
        } as FastifySchema,
      };
    },
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // Everything from this origin: no CDN, no remote validator badge; Swagger UI sets inline styles as it renders.
    // Sent as the answer goes out, so it replaces the console's policy (security-headers.ts) on the document's pages.
    staticCSP: "default-src 'self'; base-uri 'self'; font-src 'self' data:; frame-ancestors 'none'; img-src 'self' data:; object-src 'none'; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'",
    uiConfig: { validatorUrl: null, docExpansion: 'list', deepLinking: true },
  });
}
