import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { batchCalls } from '../../schemas/api/batches';
import { BULK_FILE_MAX_BYTES, BULK_UPLOAD_MSG, bulkUploadEmailSchema } from '../../schemas/bulk-upload';
import { ApiError, notFound, ok } from '../http/envelope';
import { route } from '../http/route';
import { check } from '../http/validation';
import { batchRepository } from '../repos/batch-repository';
import { BULK_ROW_TYPES, BULK_UPLOAD_QUEUE, columnLimit } from '../jobs/bulk-upload-job';
import { readSheet, resultWorkbook, sniffFile, writeWorkbook } from '../rules/bulk-workbook';
import type { AppContext } from '../context';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const FILENAME_MAX = 200;

/** `attachment; filename=...` with the name reduced to safe characters. */
const attachment = (name: string) => `attachment; filename="${name.replace(/[^\w.-]+/g, '_')}"`;

/** The uploaded file and e-mail of a multipart request, checked (one file, its size, name and kind; the e-mail's form). */
async function readUpload(request: FastifyRequest): Promise<{ filename: string; bytes: Buffer; email: string | null }> {
  if (!request.isMultipart()) throw new ApiError(400, [BULK_UPLOAD_MSG.notMultipart]);
  let file: { filename: string; bytes: Buffer } | null = null;
  let email = '';
  try {
    for await (const part of request.parts({ limits: { files: 2, fileSize: BULK_FILE_MAX_BYTES, fields: 10, fieldSize: 2000, parts: 12 } })) {
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
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, [BULK_UPLOAD_MSG.tooLarge]);
    if (code === 'FST_FILES_LIMIT') throw new ApiError(400, [BULK_UPLOAD_MSG.oneFile]);
    throw new ApiError(400, [BULK_UPLOAD_MSG.notMultipart]);
  }
  if (!file || file.bytes.length === 0) throw new ApiError(400, [BULK_UPLOAD_MSG.noFile]);
  if (file.filename.length > FILENAME_MAX) throw new ApiError(400, [BULK_UPLOAD_MSG.fileName]);
  const errors = check(bulkUploadEmailSchema, email.trim());
  if (errors.length) throw new ApiError(400, errors);
  const kind = sniffFile(file.filename, file.bytes);
  if ('error' in kind) throw new ApiError(400, [kind.error]);
  return { ...file, email: email.trim() || null };
}

/**
 * Bulk upload (spec 002 section 2.8): the upload stores the file as a batch and queues its job in one transaction;
 * the list and the result file answer only the caller's entity (the desk of its token), another entity's batch is
 * 404. The job itself is server/jobs/bulk-upload-job.ts.
 */
export async function bulkUploadRoutes(app: FastifyInstance, { store, jobs }: AppContext) {
  await app.register(async (scope) => {
    // Only these routes read multipart bodies.
    await scope.register(multipart, { limits: { fileSize: BULK_FILE_MAX_BYTES, files: 2 } });
    route(scope, batchCalls.upload, async (request) => {
      const { filename, bytes, email } = await readUpload(request);
      const batch = await store.tx(async (q) => {
        const created = await batchRepository.create(q, {
          id: randomUUID(), fteid: request.desk.deskId, type: request.params.type, filename, email, file: bytes, createdBy: request.desk.userId,
        });
        await jobs.send(BULK_UPLOAD_QUEUE, { batchId: created.id }, { db: q, singletonKey: created.id });
        return created;
      });
      return ok(batch);
    });
  });

  route(app, batchCalls.list, async (request) => {
    if (request.query.parent_fteid !== request.desk.deskId) throw notFound();
    return ok(await batchRepository.list(store, request.desk.deskId, request.query.type));
  });

  route(app, batchCalls.result, async (request, reply) => {
    const batch = await batchRepository.byId(store, request.params.batchId);
    if (!batch || batch.fteid !== request.desk.deskId) throw notFound();
    const rowType = BULK_ROW_TYPES[batch.type];
    // Read again on each download, bounded as the job's read is (the zip's unpacked size, the first sheet, its width).
    const sheet = rowType ? readSheet((await batchRepository.file(store, batch.id))!, columnLimit(rowType)) : { error: '' };
    if ('error' in sheet) throw notFound();
    const book = resultWorkbook(sheet, await batchRepository.results(store, batch.id));
    const base = batch.filename.replace(/\.(xlsx|xls|csv)$/i, '');
    return reply.headers({ 'content-type': XLSX_TYPE, 'content-disposition': attachment(`${base}-result.xlsx`) }).send(book);
  });
}

/** The sample files, public so that a plain link downloads them (they hold no data). */
export async function bulkUploadSampleRoutes(app: FastifyInstance) {
  const samples = new Map<string, Buffer>();
  route(app, batchCalls.sample, async (request, reply) => {
    const type = request.params.type;
    const rowType = BULK_ROW_TYPES[type];
    if (!samples.has(type)) samples.set(type, writeWorkbook(type, [...rowType.columns], rowType.examples));
    return reply.headers({ 'content-type': XLSX_TYPE, 'content-disposition': attachment(`${type}.xlsx`) }).send(samples.get(type));
  });
}
