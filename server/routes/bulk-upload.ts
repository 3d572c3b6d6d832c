import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { batchCalls } from '../../schemas/api/batches';
import { BULK_FILE_MAX_BYTES, BULK_UPLOAD_MSG, bulkUploadEmailSchema } from '../../schemas/bulk-upload';
import { ApiError, notFound, ok } from '../http/envelope';
import { route } from '../http/route';
import { check } from '../http/validation';
import { batchRepository } from '../repos/batch-repository';
import { BULK_ROW_TYPES, BULK_UPLOAD_QUEUE } from '../jobs/bulk-upload-job';
import { batchResultFile } from '../jobs/batch-result';
import { checkBatchFile } from '../jobs/bulk-upload-check';
import { cpuPool } from '../workers/cpu-pool';
import type { AppContext } from '../context';
import { errorCode } from '../errors';
import { OUTBOUND_MSG, batchTicket, requireOutbound } from '../rules/outbound-gate';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const FILENAME_MAX = 200;
/** What a desk at its cap of waiting batches is told to wait: about one batch's time. */
const BATCH_RETRY_SECONDS = 30;

/** `attachment; filename=...` with the name reduced to safe characters. */
const attachment = (name: string) => `attachment; filename="${name.replace(/[^\w.-]+/g, '_')}"`;

/** The uploaded file and e-mail of a multipart request, checked (one file, its size, name and kind; the e-mail's form). */
async function readUpload(request: FastifyRequest): Promise<{ filename: string; bytes: Buffer; email: string | null }> {
  if (!request.isMultipart()) throw new ApiError(400, [BULK_UPLOAD_MSG.notMultipart]);
  let file: { filename: string; bytes: Buffer } | null = null;
  let email = '';
  try {
    for await (const part of request.parts({
      limits: { files: 2, fileSize: BULK_FILE_MAX_BYTES, fields: 10, fieldSize: 2000, parts: 12 },
    })) {
      if (part.type === 'file') {
        if (file) {
          await part.toBuffer().catch(() => undefined);
          throw new ApiError(400, [BULK_UPLOAD_MSG.oneFile]);
        }
        file = { filename: part.filename ?? '', bytes: await part.toBuffer() };
      } else if (part.fieldname === 'email') {
        email = String(part.value ?? '');
      }
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const code = errorCode(err) ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, [BULK_UPLOAD_MSG.tooLarge]);
    if (code === 'FST_FILES_LIMIT') throw new ApiError(400, [BULK_UPLOAD_MSG.oneFile]);
    throw new ApiError(400, [BULK_UPLOAD_MSG.notMultipart]);
  }
  if (!file || file.bytes.length === 0) throw new ApiError(400, [BULK_UPLOAD_MSG.noFile]);
  if (file.filename.length > FILENAME_MAX) throw new ApiError(400, [BULK_UPLOAD_MSG.fileName]);
  const errors = check(bulkUploadEmailSchema, email.trim());
  if (errors.length) throw new ApiError(400, errors);
  // The zip's check unpacks it (tens of MB for a 1 MB file): in the pool, on a copy (the pool moves what it is given).
  const kind = await cpuPool().run('sniffUpload', { filename: file.filename, file: new Uint8Array(file.bytes) });
  if ('error' in kind) throw new ApiError(400, [kind.error]);
  return { ...file, email: email.trim() || null };
}

/**
 * Bulk upload (spec 002 section 2.8): the upload stores the file as a batch and queues its job in one transaction;
 * 'Check file' answers what the upload would say of each row and stores nothing (server/jobs/bulk-upload-check.ts);
 * the list and the result file answer only the caller's entity (the desk of its token), another entity's batch is
 * 404. The job itself is server/jobs/bulk-upload-job.ts.
 */
export async function bulkUploadRoutes(app: FastifyInstance, { store, jobs, outbound, clock }: AppContext) {
  await app.register(async (scope) => {
    // Only these routes read multipart bodies.
    await scope.register(multipart, { limits: { fileSize: BULK_FILE_MAX_BYTES, files: 2 } });
    route(scope, batchCalls.upload, async (request) => {
      const { filename, bytes, email } = await readUpload(request);
      const { desk } = request;
      const batch = await store.tx(async (q) => {
        // One desk's waiting batches are capped (the queue serves desks fairly, but a cap keeps its length sane);
        // the lock makes two uploads at once count each other.
        await q.query(`select pg_advisory_xact_lock(hashtext('bulk-batches:' || $1))`, [desk.userId]);
        if ((await batchRepository.pendingOf(q, desk.userId)) >= outbound.queuedBatchesPerDesk) {
          throw new ApiError(429, [OUTBOUND_MSG.queuedBatches(outbound.queuedBatchesPerDesk)], {
            'retry-after': String(BATCH_RETRY_SECONDS),
          });
        }
        // The summary mail goes to an address the desk chose: it takes its message from the quotas now.
        const id = randomUUID();
        if (email)
          await requireOutbound(
            q,
            outbound,
            { kind: 'batchSummary', deskId: desk.userId, companyKey: desk.deskId },
            clock,
            batchTicket(id),
          );
        const created = await batchRepository.create(q, {
          id,
          fteid: request.desk.deskId,
          type: request.params.type,
          filename,
          email,
          file: bytes,
          createdBy: request.desk.userId,
        });
        await jobs.send(BULK_UPLOAD_QUEUE, { batchId: created.id }, { db: q, singletonKey: created.id });
        return created;
      });
      return ok(batch);
    });
    // 'Check file': the same file read the same way, every row tried by the upload's rules and rolled back.
    route(scope, batchCalls.check, async (request) => {
      const { bytes } = await readUpload(request);
      const by = (await batchRepository.uploaderEmail(store, request.desk.userId)) ?? request.desk.userId;
      const checked = await checkBatchFile(store, request.params.type, bytes, by);
      if ('error' in checked) throw new ApiError(400, [checked.error]);
      return ok(checked);
    });
  });

  route(app, batchCalls.list, async (request) => {
    if (request.query.parent_fteid !== request.desk.deskId) throw notFound();
    return ok(await batchRepository.list(store, request.desk.deskId, request.query.type));
  });

  route(app, batchCalls.result, async (request, reply) => {
    const batch = await batchRepository.byId(store, request.params.batchId);
    if (!batch || batch.fteid !== request.desk.deskId) throw notFound();
    // Made once when the batch ended; built in the worker pool while it runs (server/jobs/batch-result.ts).
    const book = await batchResultFile(store, batch);
    if (!book) throw notFound();
    const base = batch.filename.replace(/\.(xlsx|xls|csv)$/i, '');
    return reply
      .headers({ 'content-type': XLSX_TYPE, 'content-disposition': attachment(`${base}-result.xlsx`) })
      .send(book);
  });
}

/** The sample files, public so that a plain link downloads them (they hold no data). */
export async function bulkUploadSampleRoutes(app: FastifyInstance) {
  const samples = new Map<string, Buffer>();
  route(app, batchCalls.sample, async (request, reply) => {
    const type = request.params.type;
    const rowType = BULK_ROW_TYPES[type];
    // Written once per process, in the worker pool.
    if (!samples.has(type))
      samples.set(
        type,
        await cpuPool().run('workbookFile', { sheetName: type, columns: [...rowType.columns], rows: rowType.examples }),
      );
    return reply
      .headers({ 'content-type': XLSX_TYPE, 'content-disposition': attachment(`${type}.xlsx`) })
      .send(samples.get(type));
  });
}
