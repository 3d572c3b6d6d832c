import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SERVICE_BASES, fullPath } from '../../schemas/api';
import { allCalls } from '../../schemas/api/all-calls';
import { configCopyCalls } from '../../schemas/api/config-copy';
import { COPY_MSG } from '../../schemas/config-copy';
import { isRecord } from '../../schemas/guards';
import { MAX_ITEMS, TEXT_GUARD_MSG } from '../../server/http/text-guard';
import { MSG } from '../../schemas/messages';
import { DOCS_PREFIX } from '../../server/http/api-docs';
import { cpuPool } from '../../server/workers/cpu-pool';
import { poolBusy } from '../../server/workers/worker-pool';
import { withQuery } from '../../engine/data/http';
import { BACKENDS, bootFresh, count, type Call, type TestApp } from './helper';

/**
 * Limits agree between the schemas and the text guard (issue 33, point 8): no schema allows a list the guard
 * (server/http/text-guard.ts), which runs first, always refuses. And every status compare, copy and revert answer is
 * in the API document.
 */

/** Where a schema (and the schemas inside it) gives a list more room than `cap`: `path maxItems`. */
function roomier(schema: unknown, cap: number, path: string): string[] {
  if (Array.isArray(schema)) return schema.flatMap((item, i) => roomier(item, cap, `${path}[${i}]`));
  if (!isRecord(schema)) return [];
  const own = typeof schema.maxItems === 'number' && schema.maxItems > cap ? [`${path} ${schema.maxItems}`] : [];
  return [
    ...own,
    ...Object.entries(schema).flatMap(([key, value]) =>
      key === 'errorMessage' ? [] : roomier(value, cap, `${path}.${key}`),
    ),
  ];
}

describe('schema limits and the text guard', () => {
  it(`lets no request schema allow a list longer than the guard's ${MAX_ITEMS} items`, () => {
    expect(allCalls.length).toBeGreaterThan(0);
    const found = allCalls.flatMap((call) =>
      (['querystring', 'params', 'body'] as const).flatMap((part) =>
        roomier(call[part], MAX_ITEMS, `${call.id}.${part}`),
      ),
    );
    expect(found).toEqual([]);
    // The copy's items, which allowed 2,000, are at the guard's cap (the walk finds a list over a lower one).
    expect(roomier(configCopyCalls.copyPreview.body, MAX_ITEMS - 1, 'copy')).toEqual([
      `copy.properties.items ${MAX_ITEMS}`,
    ]);
  });
});

const PREVIEW = fullPath(configCopyCalls.copyPreview, SERVICE_BASES);
const APPLY = fullPath(configCopyCalls.copyApply, SERVICE_BASES);

describe.each(BACKENDS)('the items of a copy on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  beforeAll(async () => {
    t = await bootFresh(backend);
    call = (await t.login('ops@demo.local')).call;
  });
  afterAll(() => t?.close());

  const items = (n: number) => Array.from({ length: n }, (_, i) => ({ area: 'alerts', key: `alert_${i}` }));

  it('refuses more than 1,000 items, and none, saying how many it takes; 1,000 are read', async () => {
    const before = await count(t.store, 'change_sets');
    for (const url of [PREVIEW, APPLY]) {
      const token = url === APPLY ? { token: 'ab'.repeat(48) } : {};
      const over = await call('POST', url, { c: '1001', tc: '1002', items: items(MAX_ITEMS + 1), ...token });
      expect(over.status).toBe(400);
      // The guard, which reads the body first, and the schema say the same limit.
      expect(over.body.message).toEqual([TEXT_GUARD_MSG.items]);
      expect(TEXT_GUARD_MSG.items).toContain('1,000');
      expect(COPY_MSG.items).toContain(String(MAX_ITEMS));
      const none = await call('POST', url, { c: '1001', tc: '1002', items: [], ...token });
      expect(none.status).toBe(400);
      expect(none.body.message).toEqual([COPY_MSG.items]);
    }
    // 1,000 items pass both: the preview reads them (each not in the source).
    const most = await call('POST', PREVIEW, { c: '1001', tc: '1002', items: items(MAX_ITEMS) });
    expect(most.status).toBe(200);
    expect(most.body.data.items).toHaveLength(MAX_ITEMS);
    expect(await count(t.store, 'change_sets')).toBe(before);
  });
});

describe('the statuses of compare, copy and revert', () => {
  let t: TestApp;
  let call: Call;
  beforeAll(async () => {
    t = await bootFresh(BACKENDS[0]);
    call = (await t.login('ops@demo.local')).call;
  });
  afterAll(() => t?.close());

  it('are in the API document: 409 already applied or refused in words, 412 a stale preview, 503 a full worker pool', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/json` })).json() as {
      paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
    };
    const statuses = new Map(
      Object.values(doc.paths).flatMap((methods) =>
        Object.values(methods).map((op) => [op.operationId, Object.keys(op.responses)] as const),
      ),
    );
    const { compare, copyPreview, copyApply, revertPreview, revert } = configCopyCalls;
    expect(statuses.get(compare.id)).toContain('503');
    expect(statuses.get(copyPreview.id)).toContain('503');
    expect(statuses.get(copyApply.id)).toEqual(expect.arrayContaining(['409', '412', '503']));
    expect(statuses.get(revertPreview.id)).toContain('409');
    expect(statuses.get(revert.id)).toEqual(expect.arrayContaining(['409', '412']));
  });

  it('answer 503 with Retry-After when the worker pool is full (compare and copy work in it)', async () => {
    const run = vi.spyOn(cpuPool(), 'run').mockRejectedValue(poolBusy());
    try {
      const answers = await Promise.all([
        call('GET', withQuery(fullPath(configCopyCalls.compare, SERVICE_BASES), { c: '1001', rc: '1002' })),
        call('POST', PREVIEW, { c: '1001', tc: '1002', items: [{ area: 'alerts' }] }),
      ]);
      for (const answer of answers) {
        expect(answer.status).toBe(503);
        expect(answer.body.message).toEqual([MSG.busy]);
        expect(answer.headers['retry-after']).toBeDefined();
      }
    } finally {
      run.mockRestore();
    }
  });
});
