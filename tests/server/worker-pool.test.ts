import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Batch } from '../../schemas/bulk-upload';
import { MSG } from '../../schemas/messages';
import { NOTIFICATION_CONFIG_MSG } from '../../schemas/notification-config';
import { makeReport } from '../../server/jobs/report-job';
import { tripRepository } from '../../server/repos/trip-repository';
import { cpuPool } from '../../server/workers/cpu-pool';
import { createWorkerPool } from '../../server/workers/worker-pool';
import { configurationsFile, multipart, smsRow } from './batch-fixture';
import { BACKENDS, bootFresh, type Call, type TestApp } from './helper';
import type * as PoolTasks from './worker-pool-tasks';

/**
 * CPU-heavy work runs in the worker pool (server/workers), never on the event loop (issue 21: one upload's result
 * download held /health for seconds). Asserted by what the pool reports it ran, and by the event loop answering while
 * a worker's thread is held; no timing is measured.
 */

const JOBS = { pollingIntervalSeconds: 0.5 };

describe.each(BACKENDS)('the worker pool on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  let token: string;
  beforeAll(async () => {
    t = await bootFresh(backend, { jobs: JOBS });
    ({ call, deskToken: token } = await t.login('ops@demo.local'));
  });
  afterAll(() => t?.close());

  /** How many tasks of each name the app's pool has finished since `before`. */
  const ranSince = (before: Record<string, number>) =>
    Object.fromEntries(
      Object.entries(cpuPool().stats().completed)
        .map(([task, n]) => [task, n - (before[task] ?? 0)])
        .filter(([, n]) => n !== 0),
    );

  it('is bounded: a request past its queue is refused (503), a job waits, and the event loop answers while a thread is held', async () => {
    const pool = createWorkerPool<typeof PoolTasks>({
      tasks: new URL('./worker-pool-tasks.ts', import.meta.url),
      size: 1,
      queue: 1,
      deskShare: 1,
    });
    try {
      const gate = new SharedArrayBuffer(8);
      const flags = new Int32Array(gate);
      const held = pool.run('hold', { gate }, { desk: 'a' });
      await vi.waitFor(() => expect(Atomics.load(flags, 1)).toBe(1), { timeout: 20_000, interval: 20 });
      // The worker's thread is held: the app still answers.
      expect((await call('GET', '/health')).body).toEqual({ status: 'ok' });

      // Desk a has its share: its next request is refused for it (429), while desk b's is admitted.
      await expect(pool.run('texts', { count: 1, size: 1 }, { desk: 'a' })).rejects.toMatchObject({
        status: 429,
        messages: [MSG.deskBusy],
        headers: { 'retry-after': '5' },
      });
      const queued = pool.run('texts', { count: 3, size: 4 }, { desk: 'b' });
      // Every desk's requests together fill the pool: 503 for a third desk, whose burst it is not.
      await expect(pool.run('texts', { count: 1, size: 1 }, { desk: 'c' })).rejects.toMatchObject({
        status: 503,
        messages: [MSG.busy],
      });
      const waiting = pool.run('texts', { count: 1, size: 2 }, { wait: true, desk: 'c' });
      expect(pool.stats()).toMatchObject({ size: 1, queue: 1, active: 3, waiting: 2, desks: { a: 1, b: 1 } });

      Atomics.store(flags, 0, 1);
      Atomics.notify(flags, 0);
      expect(await held).toBe('released');
      expect(await queued).toEqual(['0:xx', '1:xx', '2:xx']);
      expect(await waiting).toEqual(['0:']);
      expect(pool.stats()).toMatchObject({ active: 0, waiting: 0, desks: {}, completed: { hold: 1, texts: 2 } });
    } finally {
      await pool.close();
    }
  });

  it('takes the oldest task of the desk served longest ago when a thread frees', async () => {
    const pool = createWorkerPool<typeof PoolTasks>({
      tasks: new URL('./worker-pool-tasks.ts', import.meta.url),
      size: 1,
      queue: 20,
    });
    try {
      const gate = new SharedArrayBuffer(8);
      const flags = new Int32Array(gate);
      const order: string[] = [];
      const held = pool.run('hold', { gate }, { desk: 'busy' });
      await vi.waitFor(() => expect(Atomics.load(flags, 1)).toBe(1), { timeout: 20_000, interval: 20 });
      // One desk queues six tasks, then another desk one: the other's runs second, not seventh.
      const burst = Array.from({ length: 6 }, (_, i) =>
        pool.run('texts', { count: 1, size: 1 }, { desk: 'busy' }).then(() => order.push(`busy ${i}`)),
      );
      const other = pool.run('texts', { count: 1, size: 1 }, { desk: 'other' }).then(() => order.push('other'));
      Atomics.store(flags, 0, 1);
      Atomics.notify(flags, 0);
      await Promise.all([held, ...burst, other]);
      expect(order).toEqual(['other', 'busy 0', 'busy 1', 'busy 2', 'busy 3', 'busy 4', 'busy 5']);
    } finally {
      await pool.close();
    }
  });

  it('moves bytes to a worker and carries large arrays both ways in slices', async () => {
    const pool = createWorkerPool<typeof PoolTasks>({
      tasks: new URL('./worker-pool-tasks.ts', import.meta.url),
      size: 1,
      queue: 1,
    });
    try {
      const bytes = Buffer.alloc(200_000, 7);
      const items = Array.from({ length: 100_000 }, (_, i) => i);
      expect(await pool.run('measure', { bytes }, { items })).toEqual({
        bytes: 200_000,
        first: 7,
        items: 100_000,
        sum: (100_000 * 99_999) / 2,
      });
      // Moved, not copied: the caller's buffer is empty now. A small Buffer (sharing Node's pool) is copied instead.
      expect(bytes.byteLength).toBe(0);
      const small = Buffer.from('abc');
      expect(await pool.run('measure', { bytes: small })).toMatchObject({ bytes: 3, first: 97 });
      expect(small.toString()).toBe('abc');
      const many = await pool.run('texts', { count: 2_000, size: 4_000 });
      expect(many).toHaveLength(2_000);
      expect(many[1_999]).toBe('1999:'.padEnd(4_000, 'x'));
    } finally {
      await pool.close();
    }
  });

  it("reads a batch's file and makes its result file in the pool once, when the batch ends; downloads send the stored file", async () => {
    const before = cpuPool().stats().completed;
    const body = multipart([
      {
        filename: 'pool.xlsx',
        bytes: configurationsFile([
          smsRow(901),
          smsRow(902),
          ['trip.created', 'SMS', '1001', '', '903', '12345', '', '', 'x'],
        ]),
      },
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/v1/bulk-upload/configurations/upload',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
    });
    expect(uploaded.statusCode).toBe(200);
    const id = (JSON.parse(uploaded.body) as { data: Batch }).data.id;
    const batch = await vi.waitFor(
      async () => {
        const listed = (
          (await call('GET', '/v1/batch?parent_fteid=desk-ops-01&type=configurations')).body.data as Batch[]
        ).find((b) => b.id === id)!;
        expect(listed.status).toBe('DONE');
        return listed;
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(ranSince(before)).toEqual({ sniffUpload: 1, batchRows: 1, batchResultFile: 1 });

    const download = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: batch.result_url!,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(200);
      return XLSX.utils
        .sheet_to_json<string[]>(XLSX.read(res.rawPayload).Sheets.Result!, { header: 1 })
        .map((row) => row.at(-1));
    };
    const results = ['Result', 'Success', 'Success', NOTIFICATION_CONFIG_MSG.mobile];
    expect(await download()).toEqual(results);
    expect(await download()).toEqual(results);
    expect(ranSince(before)).toEqual({ sniffUpload: 1, batchRows: 1, batchResultFile: 1 });

    // A batch that ended before its file was stored (migration 160): built in the pool on its first download, then kept.
    await t.store.query('update bulk_batches set result_file = null where id = $1', [id]);
    expect(await download()).toEqual(results);
    expect(await download()).toEqual(results);
    expect(ranSince(before)).toEqual({ sniffUpload: 1, batchRows: 1, batchResultFile: 2 });
  });

  it('writes the sample file, the reports and the replays in the pool', async () => {
    const before = cpuPool().stats().completed;
    expect((await t.app.inject({ method: 'GET', url: '/v1/bulk-upload/configurations/sample' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/bulk-upload/configurations/sample' })).statusCode).toBe(200);
    // A replay reads the pings as one JSON text (its worker parses them): the same pings as the rows.
    expect(JSON.parse(await tripRepository.pingsJson(t.store, 'TRP1001001'))).toEqual(
      await tripRepository.pings(t.store, 'TRP1001001'),
    );
    const replay = await call('GET', '/v1/lego/trip/TRP1001001/analytics/replay?companyId=1001');
    expect(replay.status).toBe(200);
    const updated = await call('GET', '/v1/lego/trip/TRP1001001/analytics/replay/updatedconfig?companyId=1001');
    expect(updated.status).toBe(200);
    expect((await call('GET', '/v1/lego/trip/TRP1001001/analytics?companyId=1001')).body.data.alerts).toEqual(
      updated.body.data.alerts,
    );

    const now = Date.now();
    const summary = await makeReport(
      t.store,
      { company_id: '1001', type: 'DAILY_TRIP_SUMMARY', definition: { branch_id: null } },
      now,
      now,
    );
    expect(XLSX.read(summary.file).SheetNames).toEqual(['Trips', 'About']);
    const exception = await makeReport(
      t.store,
      {
        company_id: '1001',
        type: 'ALERT',
        definition: {
          params: {
            'date.alert.closed.close_time.duration_mins': 600,
            'date.alert.inprogress.start_time.duration_mins': 45000,
            'date.trip.constraint.value': 48,
            event: ['long_stoppage'],
            tripStatus: [1, 0],
          },
        },
      },
      now,
      now,
    );
    expect(XLSX.read(exception.file).SheetNames).toEqual(['Alerts', 'About']);
    expect(ranSince(before)).toEqual({ workbookFile: 1, replayAlerts: 2, summaryWorkbook: 1, exceptionReport: 1 });
  });
});
