import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { allCalls, fullPath, SERVICE_BASES } from '../../schemas/api';
import { DOCS_PREFIX } from '../../server/http/api-docs';
import { buildApp } from '../../server/app';
import { openPgliteStore } from '../../server/store/pglite-store';
import type { Store } from '../../server/store/store';
import type { FastifyInstance } from 'fastify';

/** OpenAPI writes `/transporters/{id}` where Fastify and the contracts write `/transporters/:id`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');

interface OpenApi {
  openapi: string;
  paths: Record<string, Record<string, { operationId?: string; summary?: string; parameters?: { name: string; in: string }[]; requestBody?: unknown; responses?: Record<string, unknown> }>>;
}

describe('the API document at /docs', () => {
  let store: Store;
  let app: FastifyInstance;
  const registered: { method: string; url: string; contract?: string }[] = [];

  beforeAll(async () => {
    store = await openPgliteStore();
    // Every route the app registers, as Fastify sees it (HEAD twins and the document's own pages aside).
    app = await buildApp({
      store,
      onRoute: (route: RouteOptions) => {
        for (const method of [route.method].flat()) {
          if (method !== 'HEAD' && !route.url.startsWith(DOCS_PREFIX)) registered.push({ method, url: route.url, contract: route.config?.contract?.id });
        }
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await store?.close();
  });

  const document = async () => (await app.inject({ method: 'GET', url: `${DOCS_PREFIX}/json` })).json() as OpenApi;

  it('serves the Swagger UI and an OpenAPI 3.1 document', async () => {
    const ui = await app.inject({ method: 'GET', url: `${DOCS_PREFIX}/` });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
    expect((await document()).openapi).toBe('3.1.0');
  });

  it('has a route for every contract and a contract for every route', () => {
    const routes = registered.map((r) => `${r.method} ${r.url}`).sort();
    const contracts = allCalls.map((call) => `${call.method} ${fullPath(call, SERVICE_BASES)}`).sort();
    expect(routes).toEqual(contracts);
    expect(registered.filter((r) => !r.contract)).toEqual([]);
  });

  it('lists every route with its contract: operation id, summary, query, params, body and answers', async () => {
    const doc = await document();
    for (const call of allCalls) {
      const operation = doc.paths[openApiPath(fullPath(call, SERVICE_BASES))]?.[call.method.toLowerCase()];
      expect(operation, `${call.method} ${call.path}`).toBeDefined();
      expect(operation.operationId).toBe(call.id);
      expect(operation.summary).toBe(call.summary);
      const parameters = operation.parameters ?? [];
      const queryNames = Object.keys((call.querystring as { properties?: object } | undefined)?.properties ?? {});
      expect(parameters.filter((p) => p.in === 'query').map((p) => p.name).sort()).toEqual(queryNames.sort());
      const paramNames = Object.keys((call.params as { properties?: object } | undefined)?.properties ?? {});
      expect(parameters.filter((p) => p.in === 'path').map((p) => p.name).sort()).toEqual(paramNames.sort());
      expect(!!operation.requestBody, `body of ${call.id}`).toBe(!!call.body);
      expect(Object.keys(operation.responses ?? {})).toContain('200');
    }
  });

  it("carries the spec's messages: the schemas' texts and each call's own", async () => {
    const text = JSON.stringify(await document());
    for (const message of ['Select a company to continue', 'Please select route', 'Alert config already exists', 'This desk does not have Lego access']) {
      expect(text.includes(message), message).toBe(true);
    }
  });
});
