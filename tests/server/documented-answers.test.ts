import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authCalls,
  batchCalls,
  uiConfigCalls,
  dashboardCalls,
  fullPath,
  notificationCalls,
  SERVICE_BASES,
  settingsCalls,
  vehicleCalls,
  viewerCalls,
  type Contract,
} from '../../schemas/api';
import { fillPath } from '../../engine/data/endpoint';
import { allCalls } from '../../schemas/api/all-calls';
import { XLSX_MEDIA_TYPE } from '../../schemas/api/answers';
import { DOCS_PREFIX } from '../../server/http/api-docs';
import { loggedAnswers, type LoggedAnswer } from './answer-log';
import { BACKENDS, bootFresh, randomIp, type Answer, type Call, type TestApp } from './helper';

/**
 * Every answer the server gave in this run of the server suite is in the API document (issue 21, point 6): its status
 * under its call's operation, and its media type under that status. Each test app logs its answers (answer-log.ts);
 * this file runs after the suite's other files (the sequencer in vitest.config.ts). Its own requests give the
 * answers the issue found undocumented, so that run alone it still checks them, and it fails if they went unlogged.
 */

interface Operation {
  operationId: string;
  method: string;
  path: string;
  responses: Record<string, { content?: Record<string, unknown> }>;
}

interface OpenApi {
  paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
}

/** OpenAPI writes `/transporters/{id}` where Fastify and the contracts write `/transporters/:id`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');

/** The document's operations by operation id (the contract's id). */
function operationsOf(doc: OpenApi): Map<string, Operation> {
  const operations = new Map<string, Operation>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods))
      operations.set(operation.operationId, { ...operation, method, path });
  }
  return operations;
}

/** Why the document does not show an answer, or null when it does. */
function undocumented(answer: LoggedAnswer, operations: Map<string, Operation>): string | null {
  const operation = operations.get(answer.call);
  if (!operation) return 'its call has no operation';
  // HEAD is answered by the GET route.
  const method = answer.method === 'HEAD' ? 'get' : answer.method.toLowerCase();
  if (operation.method !== method || operation.path !== openApiPath(answer.url))
    return `the operation is ${operation.method} ${operation.path}`;
  const response = operation.responses[String(answer.status)];
  if (!response) return `no ${answer.status} answer`;
  if (!(answer.type in (response.content ?? {})))
    return `its ${answer.status} is not ${answer.type || 'without a media type'}`;
  return null;
}

/** A company no one has. */
const NO_COMPANY = '9999';

/** One answer this file asks for: what to send, and which status and media type the server gives. */
interface Sent {
  call: Contract;
  status: number;
  type?: string;
  send(call: Call): Promise<Answer>;
}

const path = (call: Contract, params?: Record<string, string>) =>
  params ? fillPath(fullPath(call, SERVICE_BASES), params) : fullPath(call, SERVICE_BASES);
/** The features of the feature permission calls' `:feature`. */
const MAP_VIEW = { feature: 'map_view' };
const TRIP_ALERTS = { feature: 'tripAlerts' };
const JSON_TYPE = 'application/json';

/** The answers issue 21 found missing from the document, and one of each status every call of a kind can give. */
const SENT: Sent[] = [
  {
    call: viewerCalls.ftToLegoConfig,
    status: 404,
    send: (call) =>
      call('POST', path(viewerCalls.ftToLegoConfig), {
        data: [{ companyId: NO_COMPANY, companyType: 'CONSIGNOR', alerts: [] }],
      }),
  },
  {
    call: uiConfigCalls.save,
    status: 404,
    send: (call) =>
      call('POST', path(uiConfigCalls.save), {
        companyId: NO_COMPANY,
        featureKey: 'neoTicketModule',
        extracontext: ['detention'],
        enabled: 1,
      }),
  },
  {
    call: dashboardCalls.save,
    status: 404,
    send: (call) =>
      call('POST', path(dashboardCalls.save), {
        companyId: NO_COMPANY,
        isCreate: false,
        customerConfigId: 'dsh_none',
        typeDashboard: 'looker',
        dashboardName: 'looker',
        userId: [12],
        dashboardWorkspace: [{ dashboard_id: '8', name: 'Ops' }],
      }),
  },
  {
    call: notificationCalls.saveEvent,
    status: 404,
    send: (call) => call('POST', path(notificationCalls.saveEvent), { id: 999_999, event_status: 'ONBOARDED' }),
  },
  {
    call: settingsCalls.featureAdd,
    status: 404,
    send: (call) =>
      call('POST', path(settingsCalls.featureAdd, MAP_VIEW), {
        companyId: NO_COMPANY,
        extraContext: { show_trail: true },
      }),
  },
  {
    call: settingsCalls.featureAdd,
    status: 404,
    send: (call) =>
      call('POST', path(settingsCalls.featureAdd, TRIP_ALERTS), {
        companyId: NO_COMPANY,
        extraContext: { lastMileThreshold: 10 },
      }),
  },
  {
    call: settingsCalls.etaAdd,
    status: 404,
    send: (call) =>
      call('POST', path(settingsCalls.etaAdd), { companyId: NO_COMPANY, engineSetting: { avgSpeed: 30 } }),
  },
  {
    call: authCalls.verifyCode,
    status: 401,
    send: (call) => call('POST', path(authCalls.verifyCode), { identifier: 'nobody@demo.local', code: '123456' }),
  },
  {
    call: batchCalls.sample,
    status: 200,
    type: XLSX_MEDIA_TYPE,
    send: (call) => call('GET', '/v1/bulk-upload/configurations/sample'),
  },
  {
    call: settingsCalls.featureAdd,
    status: 415,
    send: (call) =>
      call('POST', path(settingsCalls.featureAdd, MAP_VIEW), '<extraContext/>', {
        headers: { 'content-type': 'application/xml' },
      }),
  },
  {
    call: settingsCalls.featureAdd,
    status: 400,
    send: (call) =>
      call('POST', path(settingsCalls.featureAdd, MAP_VIEW), '{"companyId":', {
        headers: { 'content-type': 'application/json' },
      }),
  },
  {
    call: authCalls.requestCode,
    status: 413,
    send: (call) => call('POST', path(authCalls.requestCode), { identifier: 'a'.repeat(5000) }),
  },
  {
    call: uiConfigCalls.toggle,
    status: 412,
    send: (call) =>
      call(
        'POST',
        `${path(uiConfigCalls.toggle)}?companyId=1001`,
        { customerConfigId: 'uic_tsl_alerts' },
        { headers: { 'if-match': '"999999"' } },
      ),
  },
  {
    call: vehicleCalls.create,
    status: 409,
    send: async (call) => {
      const create = () => call('POST', `${path(vehicleCalls.create)}?c=1001`, { label: 'Documented answers reefer' });
      await create();
      return create();
    },
  },
  {
    call: authCalls.requestCode,
    status: 429,
    // From one address: the 21st request in 15 minutes is refused.
    send: async (call) => {
      const ip = randomIp();
      for (;;) {
        const answer = await call('POST', path(authCalls.requestCode), { identifier: 'nobody@demo.local' }, { ip });
        if (answer.status !== 200) return answer;
      }
    },
  },
];

describe('the API document lists every answer the server gives', () => {
  let t: TestApp;
  let desk: Call;

  beforeAll(async () => {
    t = await bootFresh(BACKENDS[0]);
    desk = (await t.login('ops@demo.local')).call;
  });
  afterAll(async () => {
    await t?.close();
  });

  const document = async () =>
    operationsOf((await t.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/json` })).json() as OpenApi);

  it.each(SENT.map((sent) => [`${sent.call.id} ${sent.status}`, sent] as const))('answers %s', async (_name, sent) => {
    const answer = await sent.send(sent.call.public ? t.call : desk);
    expect(answer.status, JSON.stringify(answer.body)).toBe(sent.status);
    expect(String(answer.headers['content-type'])).toContain(sent.type ?? JSON_TYPE);
  });

  it('logs the answers of calls, and not those of unknown paths', async () => {
    const before = loggedAnswers();
    expect(before).toEqual(
      expect.arrayContaining(
        SENT.map((sent) =>
          expect.objectContaining({ call: sent.call.id, status: sent.status, type: sent.type ?? JSON_TYPE }),
        ),
      ),
    );
    expect((await desk('GET', '/v1/no-such-call')).status).toBe(404);
    expect((await t.call('POST', '/saas/lego/no-such-call', {})).status).toBe(404);
    const ids = new Set(allCalls.map((call) => call.id));
    expect(loggedAnswers().filter((answer) => !ids.has(answer.call))).toEqual([]);
    expect(loggedAnswers().length).toBe(before.length);
  });

  it("documents a path parameter too long for Fastify's router (answered before any hook, so never logged)", async () => {
    const answer = await desk('GET', `/v1/batch/${'x'.repeat(101)}/result`);
    expect(answer.status).toBe(414);
    expect((await document()).get(batchCalls.result.id)?.responses['414']).toBeDefined();
  });

  it('documents the status and media type of every answer logged in this run', async () => {
    const operations = await document();
    const answers = loggedAnswers();
    expect(answers.length).toBeGreaterThanOrEqual(SENT.length);
    const missing = answers.flatMap((answer) => {
      const why = undocumented(answer, operations);
      return why ? [`${answer.call} ${answer.status} ${answer.type} (seen in ${answer.file}): ${why}`] : [];
    });
    expect([...new Set(missing)].sort()).toEqual([]);
  });

  it("gives every success answer logged in this run the shape of its call's answer schema", () => {
    const unlike = loggedAnswers().flatMap((answer) =>
      answer.unlike ? [`${answer.call} (seen in ${answer.file}): ${answer.unlike}`] : [],
    );
    expect([...new Set(unlike)].sort()).toEqual([]);
  });
});
