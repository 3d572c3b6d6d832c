import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BULK_CHECK_MAX_ROWS, BULK_FILE_MAX_BYTES, BULK_UPLOAD_MSG, type Batch } from '../../schemas/bulk-upload';
import { NOTIFICATION_CONFIG_MSG } from '../../schemas/notification-config';
import { BACKENDS, EVERY_BACKEND, bootFresh, count, startApp, type Call, type TestApp } from './helper';
import { BULK_ROW_TYPES, columnLimit } from '../../server/jobs/bulk-upload-job';
import { bombBytes, withClaimedSizes, zipOf } from './zip-fixture';
import { COLUMNS, configurationsFile, multipart, smsRow } from './batch-fixture';

/**
 * Bulk upload (spec 002 section 2.8, server/jobs): the upload checks its file and queues a batch, the job stores each
 * row with its result, the list and the result file answer only the uploader's entity, and a batch survives a restart.
 */

const JOBS = { pollingIntervalSeconds: 0.5 };

/** Each column of the configurations sample by name: its index in the sheet. */
const COLUMN_OF = Object.fromEntries(BULK_ROW_TYPES.configurations.columns.map((c, i) => [c, i]));

describe.each(BACKENDS)('bulk upload on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  let token: string;
  beforeAll(async () => {
    t = await bootFresh(backend, { jobs: JOBS });
    ({ call, deskToken: token } = await t.login('ops@demo.local'));
  });
  afterAll(() => t?.close());

  const upload = async (
    files: { name?: string; filename: string; bytes: Buffer }[],
    fields: Record<string, string> = {},
    type = 'configurations',
  ) => {
    const body = multipart(files, fields);
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/bulk-upload/${type}/upload`,
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
    });
    return { status: res.statusCode, body: JSON.parse(res.body) };
  };
  /** 'Check file' of one file: the status and the envelope. */
  const check = async (bytes: Buffer, filename = 'configs.xlsx') => {
    const body = multipart([{ filename, bytes }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/bulk-upload/configurations/check',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
    });
    return { status: res.statusCode, body: JSON.parse(res.body) };
  };
  /** What a check must leave as it found: batches (and so their jobs), their rows, configurations, audit entries, mails. */
  const written = async () =>
    Promise.all(
      ['bulk_batches', 'bulk_batch_rows', 'notification_configs', 'audit_log', 'outbox'].map((table) =>
        count(t.store, table),
      ),
    );
  /** The sample file as an operator downloads it. */
  const sample = async () =>
    (await t.app.inject({ method: 'GET', url: '/v1/bulk-upload/configurations/sample' })).rawPayload;
  const batches = async (): Promise<Batch[]> =>
    (await call('GET', '/v1/batch?parent_fteid=desk-ops-01&type=configurations')).body.data;
  const finished = (id: string) =>
    vi.waitFor(
      async () => {
        const batch = (await batches()).find((b) => b.id === id)!;
        expect(['DONE', 'FAILED']).toContain(batch.status);
        return batch;
      },
      { timeout: 20_000, interval: 100 },
    );

  it('serves a sample file an operator can fill: the columns and an example row per mode', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/bulk-upload/configurations/sample' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('configurations.xlsx');
    const rows = XLSX.utils.sheet_to_json<string[]>(XLSX.read(res.rawPayload).Sheets.configurations!, { header: 1 });
    expect(rows[0]).toEqual(
      expect.arrayContaining([
        'Event Name',
        'Mode',
        'Company Id',
        'Mobile Numbers',
        'Email To',
        'Webhook URL',
        'Method',
        'Content Type',
        'Auth Type',
      ]),
    );
    expect(rows.slice(1).map((r) => r[1])).toEqual(['SMS', 'EMAIL', 'WEBHOOKS', 'WHATSAPP']);
  });

  it('refuses bad files with a clear message and stores nothing', async () => {
    const good = configurationsFile([smsRow(1)]);
    const before = await count(t.store, 'bulk_batches');
    const cases: [Awaited<ReturnType<typeof upload>>, number, string][] = [
      [await upload([{ filename: 'configs.txt', bytes: good }]), 400, BULK_UPLOAD_MSG.fileType],
      [
        await upload([{ filename: 'configs.xlsx', bytes: Buffer.from('Event Name,Mode\ntrip.created,SMS\n') }]),
        400,
        BULK_UPLOAD_MSG.fileContent,
      ],
      [
        await upload([{ filename: 'configs.csv', bytes: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 1, 2]) }]),
        400,
        BULK_UPLOAD_MSG.fileContent,
      ],
      [
        await upload([{ filename: 'big.xlsx', bytes: Buffer.concat([good, Buffer.alloc(BULK_FILE_MAX_BYTES)]) }]),
        413,
        BULK_UPLOAD_MSG.tooLarge,
      ],
      [await upload([]), 400, BULK_UPLOAD_MSG.noFile],
      [
        await upload([
          { filename: 'a.xlsx', bytes: good },
          { filename: 'b.xlsx', bytes: good },
        ]),
        400,
        BULK_UPLOAD_MSG.oneFile,
      ],
      [await upload([{ filename: 'a.xlsx', bytes: good }], { email: 'not-an-email' }), 400, BULK_UPLOAD_MSG.email],
      [
        await upload([{ filename: 'a.xlsx', bytes: good }], { email: `${'x'.repeat(300)}@example.com` }),
        400,
        BULK_UPLOAD_MSG.email,
      ],
      [await upload([{ filename: `${'n'.repeat(250)}.xlsx`, bytes: good }]), 400, BULK_UPLOAD_MSG.fileName],
      [await upload([{ filename: 'a.xlsx', bytes: good }], {}, 'consignees'), 400, BULK_UPLOAD_MSG.unknownType],
      // Zip bombs: a real xlsx whose central directory claims a huge unpacked size, one whose headers lie small.
      [
        await upload([{ filename: 'claims.xlsx', bytes: withClaimedSizes(good, 0x7fff_ffff) }]),
        400,
        BULK_UPLOAD_MSG.unpackedTooLarge,
      ],
      [
        await upload([
          {
            filename: 'bomb.xlsx',
            bytes: zipOf([{ name: 'xl/worksheets/sheet1.xml', data: bombBytes(), deflate: true, claimed: 1000 }]),
          },
        ]),
        400,
        BULK_UPLOAD_MSG.unpackedTooLarge,
      ],
      [
        await upload([
          {
            filename: 'parts.xlsx',
            bytes: zipOf(Array.from({ length: 1001 }, (_, i) => ({ name: `p${i}`, data: Buffer.from('x') }))),
          },
        ]),
        400,
        BULK_UPLOAD_MSG.tooManyParts,
      ],
    ];
    for (const [answer, status, message] of cases)
      expect({ status: answer.status, body: answer.body }).toEqual({
        status,
        body: { success: false, data: null, message: [message] },
      });
    const json = await call('POST', '/v1/bulk-upload/configurations/upload', { files: 'x' });
    expect(json.body).toEqual({ success: false, data: null, message: [BULK_UPLOAD_MSG.notMultipart] });
    expect(await count(t.store, 'bulk_batches')).toBe(before);
  });

  it('stores each row with its result, counts progress, e-mails the requester and serves the result file', async () => {
    const configsBefore = await count(t.store, 'notification_configs');
    const file = configurationsFile([
      smsRow(101),
      ['trip.closed', 'email', '1001', '3101', '', '', 'a@example.com; b@example.com', 'Closed', 'Trip closed'],
      ['no.such.event', 'SMS', '1001', '', '102', '9876543210', '', '', 'x'],
      ['trip.created', 'SMS', '1001', '', '103', '12345', '', '', 'x'],
      ['trip.created', 'SMS', 'abc', '', '104', '9876543210', '', '', 'x'],
      smsRow(101),
    ]);
    const answer = await upload([{ filename: 'configs.xlsx', bytes: file }], { email: 'lead@example.com' });
    expect(answer).toMatchObject({
      status: 200,
      body: { success: true, message: [], data: { filename: 'configs.xlsx', fteid: 'desk-ops-01', status: 'QUEUED' } },
    });
    const batch = await finished(answer.body.data.id);
    expect(batch).toMatchObject({
      status: 'DONE',
      rows_total: 6,
      rows_done: 6,
      rows_failed: 4,
      result_url: `/v1/batch/${batch.id}/result`,
    });
    expect(await count(t.store, 'notification_configs')).toBe(configsBefore + 2);

    const res = await t.app.inject({
      method: 'GET',
      url: batch.result_url!,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    const rows = XLSX.utils.sheet_to_json<string[]>(XLSX.read(res.rawPayload).Sheets.Result!, { header: 1 });
    expect(rows[0]).toEqual([...COLUMNS, 'Result']);
    expect(rows.slice(1).map((r) => r.at(-1))).toEqual([
      'Success',
      'Success',
      NOTIFICATION_CONFIG_MSG.event,
      NOTIFICATION_CONFIG_MSG.mobile,
      `Company Id: ${NOTIFICATION_CONFIG_MSG.id}`,
      NOTIFICATION_CONFIG_MSG.configured,
    ]);
    // The summary goes after the batch is marked done: wait for it rather than race it.
    await vi.waitFor(
      async () => {
        const outbox = (await call('GET', '/dev/outbox', undefined, { ip: '127.0.0.1' })).body as {
          to: string;
          subject: string;
        }[];
        expect(outbox.filter((m) => m.to === 'lead@example.com').map((m) => m.subject)).toEqual([
          'Bulk upload configs.xlsx: completed',
        ]);
      },
      { timeout: 20_000, interval: 100 },
    );
  });

  it("'Check file' answers each row as the upload then stores it, and writes nothing", async () => {
    const file = configurationsFile([
      smsRow(201),
      ['trip.closed', 'EMAIL', '1001', '', '205', '', 'a@example.com', 'Closed', 'Trip closed'],
      ['no.such.event', 'SMS', '1001', '', '202', '9876543210', '', '', 'x'],
      ['trip.created', 'SMS', '1001', '', '203', '12345', '', '', 'x'],
      ['trip.created', 'SMS', 'abc', '', '204', '9876543210', '', '', 'x'],
      // The first row again: refused as a configuration that exists, though the first row was never stored.
      smsRow(201),
    ]);
    const before = await written();
    const answer = await check(file);
    expect(answer).toEqual({
      status: 200,
      body: {
        success: true,
        message: [],
        data: {
          rows_total: 6,
          rows_failed: 4,
          rows: [
            { row_no: 1, ok: true, errors: [] },
            { row_no: 2, ok: true, errors: [] },
            { row_no: 3, ok: false, errors: [NOTIFICATION_CONFIG_MSG.event] },
            { row_no: 4, ok: false, errors: [NOTIFICATION_CONFIG_MSG.mobile] },
            { row_no: 5, ok: false, errors: [`Company Id: ${NOTIFICATION_CONFIG_MSG.id}`] },
            { row_no: 6, ok: false, errors: [NOTIFICATION_CONFIG_MSG.configured] },
          ],
        },
      },
    });
    expect(await written()).toEqual(before);

    // The upload of the same file says the same of each row (its result file), and stores the two good ones.
    const uploaded = await upload([{ filename: 'checked.xlsx', bytes: file }]);
    const batch = await finished(uploaded.body.data.id);
    const res = await t.app.inject({
      method: 'GET',
      url: batch.result_url!,
      headers: { authorization: `Bearer ${token}` },
    });
    const rows = XLSX.utils.sheet_to_json<string[]>(XLSX.read(res.rawPayload).Sheets.Result!, { header: 1 });
    expect(rows.slice(1).map((r) => r.at(-1))).toEqual(
      answer.body.data.rows.map((r: { ok: boolean; errors: string[] }) => (r.ok ? 'Success' : r.errors.join('; '))),
    );
    // Checked again now that they are stored, the good rows are refused as configured.
    expect((await check(file)).body.data.rows.slice(0, 2)).toEqual([
      { row_no: 1, ok: false, errors: [NOTIFICATION_CONFIG_MSG.configured] },
      { row_no: 2, ok: false, errors: [NOTIFICATION_CONFIG_MSG.configured] },
    ]);
  });

  it("'Check file' refuses a file it cannot read as the upload's batch would fail, or too long to check, and writes nothing", async () => {
    const before = await written();
    expect(await check(Buffer.from('Name,Phone\nA,1\n'), 'wrong.csv')).toEqual({
      status: 400,
      body: { success: false, data: null, message: [BULK_UPLOAD_MSG.missingColumns(['Event Name', 'Mode'])] },
    });
    expect(await check(Buffer.from('Event Name,Mode\n'), 'empty.csv')).toMatchObject({
      status: 400,
      body: { message: [BULK_UPLOAD_MSG.noRows] },
    });
    const many = configurationsFile(Array.from({ length: BULK_CHECK_MAX_ROWS + 1 }, (_, i) => smsRow(i + 1)));
    expect(await check(many)).toMatchObject({ status: 400, body: { message: [BULK_UPLOAD_MSG.checkTooManyRows] } });
    expect(await check(configurationsFile([smsRow(1)]), 'configs.txt')).toMatchObject({
      status: 400,
      body: { message: [BULK_UPLOAD_MSG.fileType] },
    });
    const body = multipart([{ filename: 'a.xlsx', bytes: configurationsFile([smsRow(1)]) }]);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/v1/bulk-upload/configurations/check',
      payload: body.payload,
      headers: body.headers,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await written()).toEqual(before);
  });

  it("refuses the sample file's example rows left as they are, in the upload and the check; a changed one is a row", async () => {
    const configsBefore = await count(t.store, 'notification_configs');
    const unchanged = await sample();
    const refused = { ok: false, errors: [BULK_UPLOAD_MSG.exampleRow] };
    expect((await check(unchanged, 'configurations.xlsx')).body.data).toEqual({
      rows_total: 4,
      rows_failed: 4,
      rows: [1, 2, 3, 4].map((row_no) => ({ row_no, ...refused })),
    });
    const batch = await finished((await upload([{ filename: 'configurations.xlsx', bytes: unchanged }])).body.data.id);
    expect(batch).toMatchObject({ status: 'DONE', rows_total: 4, rows_failed: 4 });
    expect(await count(t.store, 'notification_configs')).toBe(configsBefore);

    // The operator fills the first example with their own user: that row is theirs; the others are still examples.
    const book = XLSX.read(unchanged);
    const sheet = book.Sheets.configurations!;
    XLSX.utils.sheet_add_aoa(sheet, [['301']], { origin: `${XLSX.utils.encode_col(COLUMN_OF['User Id'])}2` });
    const changed = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    expect((await check(changed, 'configurations.xlsx')).body.data).toEqual({
      rows_total: 4,
      rows_failed: 3,
      rows: [{ row_no: 1, ok: true, errors: [] }, ...[2, 3, 4].map((row_no) => ({ row_no, ...refused }))],
    });
  });

  it('fails a batch whose file lacks the needed columns, saying so in the listing', async () => {
    const answer = await upload([{ filename: 'wrong.csv', bytes: Buffer.from('Name,Phone\nA,1\n') }]);
    expect(answer.status).toBe(200);
    const batch = await finished(answer.body.data.id);
    expect(batch).toMatchObject({
      status: 'FAILED',
      rows_total: 0,
      result_url: null,
      messages: [BULK_UPLOAD_MSG.missingColumns(['Event Name', 'Mode'])],
    });
  });

  it('fails a batch whose sheet is wider than its columns and a margin, saying so in the listing', async () => {
    const limit = columnLimit(BULK_ROW_TYPES.configurations);
    const wide = Array.from({ length: limit + 1 }, (_, i) => COLUMNS[i] ?? `Extra ${i}`);
    const answer = await upload([
      { filename: 'wide.xlsx', bytes: configurationsFile([[...smsRow(1), ...wide.slice(COLUMNS.length)]], wide) },
    ]);
    expect(answer.status).toBe(200);
    const batch = await finished(answer.body.data.id);
    expect(batch).toMatchObject({
      status: 'FAILED',
      rows_total: 0,
      result_url: null,
      messages: [BULK_UPLOAD_MSG.tooManyColumns(limit)],
    });
  });

  it("answers 404 for another entity's batches and result files", async () => {
    await t.store.query(
      `insert into users (id, email, phone, name, password_hash, pwd_exp, desk_id, masks)
       select 'usr_other_desk', 'other-desk@demo.local', null, 'Other Desk', password_hash, pwd_exp, 'desk-other-01', masks from users where id = 'usr_ops'`,
    );
    const other = await t.login('other-desk@demo.local');
    const mine = (await batches())[0]!;
    expect((await other.call('GET', '/v1/batch?parent_fteid=desk-ops-01')).status).toBe(404);
    expect((await other.call('GET', `/v1/batch/${mine.id}/result`)).status).toBe(404);
    expect((await other.call('GET', '/v1/batch?parent_fteid=desk-other-01&type=configurations')).body).toEqual({
      success: true,
      data: [],
      message: [],
    });
    expect((await call('GET', '/v1/batch/00000000-0000-0000-0000-000000000000/result')).status).toBe(404);
    expect((await t.call('GET', '/v1/batch?parent_fteid=desk-ops-01')).status).toBe(401);
    const body = multipart([{ filename: 'a.xlsx', bytes: configurationsFile([smsRow(1)]) }]);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/v1/bulk-upload/configurations/upload',
      payload: body.payload,
      headers: body.headers,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.call('GET', '/v1/bulk-upload/configurations/sample')).status).toBe(200);
  });
});

describe.each(EVERY_BACKEND)('a bulk-upload batch across a restart on $name (PGlite kept on disk)', (backend) => {
  // Each test starts two apps, one after the other, on a database on disk: a guard, not a speed check.
  const RESTART_TIMEOUT = 120_000;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lego-batch-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it(
    'completes after the server stops mid-batch and a new one starts, creating every row once',
    async () => {
      const ROWS = 400;
      const db = await backend.prepared(dir);
      const first = await startApp(await db.open(), { jobs: JOBS });
      const { deskToken } = await first.login('ops@demo.local');
      const body = multipart([
        { filename: 'many.xlsx', bytes: configurationsFile(Array.from({ length: ROWS }, (_, i) => smsRow(1000 + i))) },
      ]);
      const res = await first.app.inject({
        method: 'POST',
        url: '/v1/bulk-upload/configurations/upload',
        payload: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${deskToken}` },
      });
      const id = JSON.parse(res.body).data.id as string;
      const progress = () =>
        first.store.one<{ rows_done: number; status: string }>(
          'select rows_done, status from bulk_batches where id = $1',
          [id],
        );
      await vi.waitFor(async () => expect((await progress())!.rows_done).toBeGreaterThan(0), {
        timeout: 20_000,
        interval: 20,
      });
      await first.close();
      const stoppedAt = (await progress())!;
      expect(stoppedAt.status).toBe('RUNNING');
      expect(stoppedAt.rows_done).toBeLessThan(ROWS);
      await first.store.close();

      const second = await startApp(await db.open(), { jobs: JOBS });
      try {
        await vi.waitFor(
          async () =>
            expect(
              (await second.store.one<{ status: string }>('select status from bulk_batches where id = $1', [id]))!
                .status,
            ).toBe('DONE'),
          { timeout: 90_000, interval: 100 },
        );
        const batch = await second.store.one<{ rows_done: number; rows_failed: number }>(
          'select rows_done, rows_failed from bulk_batches where id = $1',
          [id],
        );
        expect(batch).toEqual({ rows_done: ROWS, rows_failed: 0 });
        expect(await count(second.store, 'bulk_batch_rows')).toBe(ROWS);
        const created = await second.store.query<{ user_id: number; n: number }>(
          "select user_id, count(*)::int as n from notification_configs where company_id = '1001' and user_id >= 1000 group by user_id",
        );
        expect(created).toHaveLength(ROWS);
        expect(created.every((c) => c.n === 1)).toBe(true);
      } finally {
        await second.close();
        await second.store.close();
        await db.drop();
      }
    },
    RESTART_TIMEOUT,
  );

  it(
    'completes a batch whose server died mid-run once its job expires, skipping the rows it had done',
    async () => {
      const db = await backend.prepared(join(dir, 'died'));
      // A server whose workers never poll: the batch waits as a dead instance would have left it.
      const first = await startApp(await db.open(), { jobs: { pollingIntervalSeconds: 3600 } });
      const { deskToken } = await first.login('ops@demo.local');
      const body = multipart([
        { filename: 'died.xlsx', bytes: configurationsFile(Array.from({ length: 30 }, (_, i) => smsRow(5000 + i))) },
      ]);
      const res = await first.app.inject({
        method: 'POST',
        url: '/v1/bulk-upload/configurations/upload',
        payload: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${deskToken}` },
      });
      const id = JSON.parse(res.body).data.id as string;
      // What the dead run left: its job active since long ago, and row 1 done (its configuration and its result).
      await first.store.query(
        "update pgboss.job set state = 'active', started_on = now() - interval '1 hour' where data->>'batchId' = $1",
        [id],
      );
      await first.store.query(
        "update bulk_batches set status = 'RUNNING', rows_total = 30, rows_done = 1 where id = $1",
        [id],
      );
      await first.store.query(
        "insert into bulk_batch_rows (batch_id, row_no, ok, result) values ($1, 1, true, 'Success')",
        [id],
      );
      await first.close();
      await first.store.close();

      const second = await startApp(await db.open(), { jobs: { ...JOBS, maintenanceIntervalSeconds: 1 } });
      try {
        await vi.waitFor(
          async () =>
            expect(
              (await second.store.one<{ status: string }>('select status from bulk_batches where id = $1', [id]))!
                .status,
            ).toBe('DONE'),
          { timeout: 90_000, interval: 100 },
        );
        expect(await second.store.one('select rows_done, rows_failed from bulk_batches where id = $1', [id])).toEqual({
          rows_done: 30,
          rows_failed: 0,
        });
        // Row 1 was skipped (the dead run's configuration is not in this test database: only rows 2 to 30 were created now).
        expect(
          (await second.store.one<{ n: number }>(
            'select count(*)::int as n from notification_configs where user_id between 5000 and 5029',
          ))!.n,
        ).toBe(29);
      } finally {
        await second.close();
        await second.store.close();
        await db.drop();
      }
    },
    RESTART_TIMEOUT,
  );
});
