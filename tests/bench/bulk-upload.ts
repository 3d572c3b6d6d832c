/**
 * BENCH_BATCH (on unless BENCH_BATCH=0): a 5,000-row configurations file through the bulk upload of the local API
 * (`server/main.ts` on a fresh PGlite directory, as `npm start` runs it):
 * - the upload answered (multipart POST /v1/bulk-upload/configurations/upload; target 300 ms): the file stored and its
 *   job queued, nothing parsed yet;
 * - the batch done (polling GET /v1/batch; target 30 s): every row validated, stored with its result;
 * - GET /notification/configurations for the company then holding the 5,000 configurations (target 200 ms), median of 20.
 * `node --import tsx tests/bench/bulk-upload.ts` runs this part alone.
 */
import { pathToFileURL } from 'node:url';
import * as XLSX from '@e965/xlsx';
import { authCalls } from '../../schemas/api/auth';
import { batchCalls } from '../../schemas/api/batches';
import type { Batch } from '../../schemas/bulk-upload';
import { callPath, latestCode, startConsole } from '../e2e/harness';

const OPERATOR = 'ops@demo.local';
const ROWS = 5000;
const MODES = ['SMS', 'EMAIL', 'WEBHOOKS', 'WHATSAPP'] as const;
const EVENTS = [
  'trip.created',
  'trip.closed',
  'trip.started',
  'eta.breach',
  'long.stoppage',
  'route.deviation',
  'epod.delivered',
];
const HEADER = [
  'Event Name',
  'Mode',
  'Company Id',
  'Branch Id',
  'User Id',
  'Mobile Numbers',
  'Email To',
  'Subject',
  'Body',
  'Webhook URL',
  'Method',
  'Content Type',
  'Auth Type',
];

/** 5,000 configurations of company 1001: every mode, each row for its own user id so that none repeats another. */
function workbook(): Buffer {
  const rows = Array.from({ length: ROWS }, (_, i) => {
    const mode = MODES[i % MODES.length]!;
    const event = EVENTS[i % EVENTS.length]!;
    const base = [event, mode, '1001', '', String(100_000 + i)];
    if (mode === 'EMAIL') return [...base, '', `ops${i}@example.com`, `Trip {{tripId}} ${i}`, 'Body', '', '', '', ''];
    if (mode === 'WEBHOOKS')
      return [...base, '', '', '', '{"trip":"{{tripId}}"}', 'https://hooks.example.com/x', 'POST', 'JSON', 'BASIC'];
    return [...base, '9876543210', '', '', `Trip {{tripId}} ${i}`, '', '', '', ''];
  });
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([HEADER, ...rows]), 'Configurations');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The three figures of a 5,000-row batch, as report lines. */
export async function measureBulkUpload(): Promise<string[]> {
  const app = await startConsole({ motion: true });
  try {
    const post = (path: string, body: unknown) =>
      fetch(`${app.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    await post(authCalls.requestCode.path, { identifier: OPERATOR });
    const verified = (await (
      await post(authCalls.verifyCode.path, { identifier: OPERATOR, code: await latestCode(app.url, OPERATOR) })
    ).json()) as { data: { deskToken: string } };
    const auth = { authorization: `Bearer ${verified.data.deskToken}` };
    const file = workbook();

    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(file)]), 'configurations-5000.xlsx');
    const sent = performance.now();
    const answer = await fetch(`${app.url}${callPath(batchCalls.upload, {}, { type: 'configurations' })}`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    const uploadMs = performance.now() - sent;
    const { data: batch } = (await answer.json()) as { data: Batch };
    if (!answer.ok) throw new Error(`upload failed: ${answer.status}`);

    let done: Batch | undefined;
    while (!done) {
      const list = (await (
        await fetch(`${app.url}${callPath(batchCalls.list, { parent_fteid: 'desk-ops-01' })}`, { headers: auth })
      ).json()) as { data: Batch[] };
      const now = list.data.find((b) => b.id === batch.id);
      if (now && (now.status === 'DONE' || now.status === 'FAILED')) done = now;
      else await new Promise((r) => setTimeout(r, 100));
    }
    const batchMs = performance.now() - sent;

    const timings: number[] = [];
    let listed = 0;
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      const res = await fetch(`${app.url}/notification/configurations?company_id=1001`, { headers: auth });
      const body = (await res.json()) as { value?: unknown[] };
      timings.push(performance.now() - t);
      listed = body.value?.length ?? 0;
    }
    return [
      `bulk upload, ${ROWS}-row configurations file (${Math.round(file.length / 1024)} KB): upload answered in ${uploadMs.toFixed(0)} ms (target 300 ms)`,
      `bulk upload: batch ${done.status} in ${(batchMs / 1000).toFixed(1)} s (target 30 s): ${done.rows_done} rows, ${done.rows_failed} failed`,
      `GET /notification/configurations?company_id=1001 with ${ROWS} configurations of the company (${listed} in its exact scope): median ${median(timings).toFixed(1)} ms (target 200 ms)`,
    ];
  } finally {
    await app.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const line of await measureBulkUpload()) console.log(line);
}
