import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import {
  API_PREFIXES,
  authCalls,
  batchCalls,
  uiConfigCalls,
  dashboardCalls,
  fullPath,
  notificationCalls,
  reportCalls,
  SERVICE_BASES,
  settingsCalls,
  viewerCalls,
  type Contract,
} from '../../schemas/api';
import { allCalls } from '../../schemas/api/all-calls';
import { XLSX_MEDIA_TYPE } from '../../schemas/api/answers';
import { reasonsOf } from '../../schemas/api/refers';
import { DOCS_PREFIX } from '../../server/http/api-docs';
import { buildApp } from '../../server/app';
import { BACKENDS } from './helper';
import type { Store } from '../../server/store/store';
import type { FastifyInstance } from 'fastify';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
/** Redocly's CLI, run with this Node (its own bin script picks the first `node` on PATH). */
const REDOCLY = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');

/** What `redocly lint --format=json` prints. */
interface LintReport {
  problems: { ruleId: string; severity: 'error' | 'warn'; message: string; location: { pointer: string }[] }[];
}

/** OpenAPI writes `/transporters/{id}` where Fastify and the contracts write `/transporters/:id`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');

/** One answer of an operation. */
interface Answer {
  description: string;
  content?: Record<string, unknown>;
  headers?: Record<string, unknown>;
}

interface OpenApi {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        operationId?: string;
        summary?: string;
        parameters?: { name: string; in: string }[];
        requestBody?: unknown;
        responses?: Record<string, unknown>;
        'x-refers'?: Record<string, string>;
      }
    >
  >;
}

describe('the API document at /docs', () => {
  let store: Store;
  let app: FastifyInstance;
  const registered: { method: string; url: string; contract?: string }[] = [];

  beforeAll(async () => {
    // A copy of the run's prepared database (the document does not depend on the data).
    store = await (await BACKENDS[0].prepared()).open();
    // Every route the app registers, as Fastify sees it (HEAD twins and the document's own pages aside).
    app = await buildApp({
      store,
      onRoute: (route: RouteOptions) => {
        for (const method of [route.method].flat()) {
          if (method !== 'HEAD' && !route.url.startsWith(DOCS_PREFIX))
            registered.push({ method, url: route.url, contract: route.config?.contract?.id });
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
    // Each call is under a path the console's pages never take (the server answers it in JSON, the dev server proxies it).
    const unprefixed = allCalls.filter(
      (call) => !API_PREFIXES.some((prefix) => `${fullPath(call, SERVICE_BASES)}/`.startsWith(`${prefix}/`)),
    );
    expect(unprefixed.map((call) => call.id)).toEqual([]);
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
      expect(
        parameters
          .filter((p) => p.in === 'query')
          .map((p) => p.name)
          .sort(),
      ).toEqual(queryNames.sort());
      const paramNames = Object.keys((call.params as { properties?: object } | undefined)?.properties ?? {});
      expect(
        parameters
          .filter((p) => p.in === 'path')
          .map((p) => p.name)
          .sort(),
      ).toEqual(paramNames.sort());
      expect(!!operation.requestBody, `body of ${call.id}`).toBe(!!call.body);
      expect(Object.keys(operation.responses ?? {})).toContain('200');
    }
  });

  it("answers each call's own statuses and media types, and every call's generic ones (issue 21 point 6)", async () => {
    const doc = await document();
    for (const call of allCalls) {
      const responses = doc.paths[openApiPath(fullPath(call, SERVICE_BASES))][call.method.toLowerCase()]
        .responses as Record<string, Answer>;
      const statuses = Object.keys(responses).map(Number);
      for (const status of Object.keys(call.answers ?? {}).map(Number))
        expect(statuses, `${call.id} ${status}`).toContain(status);
      expect(Object.keys(responses['200'].content ?? {}), call.id).toEqual(call.produces ?? ['application/json']);
      expect(statuses, call.id).toContain(500);
      if (call.method !== 'GET') expect(statuses, call.id).toEqual(expect.arrayContaining([400, 413, 415]));
      if (!call.public) expect(statuses, call.id).toEqual(expect.arrayContaining([401, 403]));
      if (call.params) expect(statuses, call.id).toContain(414);
      // A versioned write (its contract says so, nowhere else) documents the If-Match it reads and the 412 it answers;
      // a call whose precondition is a token of its own (a copy's preview) names its 412 in its `answers`.
      const parameters = (doc.paths[openApiPath(fullPath(call, SERVICE_BASES))][call.method.toLowerCase()].parameters ??
        []) as { in: string; name: string }[];
      const readsIfMatch = parameters.some((p) => p.in === 'header' && p.name === 'if-match');
      const ownStale = Object.hasOwn(call.answers ?? {}, 412);
      expect([statuses.includes(412), readsIfMatch], call.id).toEqual([!!call.versioned || ownStale, !!call.versioned]);
      for (const status of ['429', '503'].filter((s) => responses[s]))
        expect(Object.keys(responses[status].headers ?? {}), call.id).toEqual(['Retry-After']);
      // Refusals are JSON, whatever the success answers.
      for (const status of statuses.filter((s) => s >= 400))
        expect(Object.keys(responses[status].content ?? {}), `${call.id} ${status}`).toEqual(['application/json']);
    }
  });

  it('documents the answers issue 21 found missing: 404 of calls scoped by their body, 401 of the code check, the xlsx files', async () => {
    const doc = await document();
    const answers = (call: Contract) =>
      doc.paths[openApiPath(fullPath(call, SERVICE_BASES))][call.method.toLowerCase()].responses as Record<
        string,
        Answer
      >;
    for (const call of [
      viewerCalls.ftToLegoConfig,
      uiConfigCalls.save,
      dashboardCalls.save,
      notificationCalls.saveEvent,
      settingsCalls.featureAdd,
      settingsCalls.etaAdd,
    ]) {
      expect(answers(call)['404'], call.id).toBeDefined();
    }
    expect(answers(authCalls.verifyCode)['401']).toBeDefined();
    for (const call of [batchCalls.sample, batchCalls.result, reportCalls.runFile])
      expect(Object.keys(answers(call)['200'].content ?? {}), call.id).toEqual([XLSX_MEDIA_TYPE]);
    for (const call of [
      notificationCalls.sendTest,
      reportCalls.runNow,
      batchCalls.upload,
      batchCalls.check,
      authCalls.requestCode,
    ])
      expect(answers(call)['429'], call.id).toBeDefined();
  });

  it("carries the spec's messages: the schemas' texts and each call's own", async () => {
    const text = JSON.stringify(await document());
    for (const message of [
      'Select a company to continue',
      'Please select route',
      'Alert config already exists',
      'This desk does not have Lego access',
    ]) {
      expect(text.includes(message), message).toBe(true);
    }
  });

  it("says why each id a call names is not the scope branch's record, as its contract's refers does", async () => {
    const doc = await document();
    const referring = allCalls.filter((call) => call.refers);
    expect(referring.length).toBeGreaterThan(0);
    for (const call of allCalls) {
      const operation = doc.paths[openApiPath(fullPath(call, SERVICE_BASES))][call.method.toLowerCase()];
      expect(operation['x-refers'], call.id).toEqual(call.refers && reasonsOf(call));
    }
    // A company-wide aggregate's reason is worded from its declaration.
    expect(doc.paths['/saas/lego/company_places/fetch'].get['x-refers']).toMatchObject({
      'query.partnerId':
        'a partner link (company_partners) belongs to the whole company (no branch column): reachable from every branch',
    });
  });

  it("passes Redocly's recommended rules (redocly.yaml) with no error, its own keywords published as x- extensions", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-'));
    const file = join(dir, 'openapi.json');
    const doc = await document();
    writeFileSync(file, JSON.stringify(doc));
    try {
      const { stdout } = await run(process.execPath, [REDOCLY, 'lint', file, '--format=json', '--max-problems=1000'], {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      }).catch((failed: { stdout: string }) => failed);
      const report = JSON.parse(stdout) as LintReport;
      const errors = report.problems.filter((p) => p.severity === 'error');
      expect(errors.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`)).toEqual([]);
      // The three calls that cannot be refused (the health checks, the console's settings) answer no 4xx.
      expect(report.problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}`).sort()).toEqual([
        'operation-4xx-response #/paths/~1config.json/get/responses',
        'operation-4xx-response #/paths/~1health/get/responses',
        'operation-4xx-response #/paths/~1health~1ready/get/responses',
      ]);
      expect(JSON.stringify(doc)).not.toContain('"errorMessage"');
      expect(JSON.stringify(doc)).toContain('"x-errorMessage"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
