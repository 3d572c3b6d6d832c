import type { FromSchema } from 'json-schema-to-ts';
import { defineCall } from './contract';
import { ANSWERS, XLSX_MEDIA_TYPE, POOL_ANSWERS } from './answers';
import { bool, int, list, shape, str, strOrNull } from './shapes';
import {
  BATCH_STATUSES,
  BULK_FILE_MAX_BYTES,
  BULK_UPLOAD_TYPES,
  BULK_UPLOAD_MSG,
  batchIdParamsSchema,
  batchListQuerySchema,
  bulkUploadParamsSchema,
} from '../bulk-upload';

const main = { service: 'main', envelope: 'main' } as const;

/** One batch as the list and the upload answer it (spec 002 section 3 "Batch record", with progress and the result file). */
export const batchAnswer = shape({
  id: str,
  fteid: str,
  type: { type: 'string', enum: BULK_UPLOAD_TYPES },
  filename: str,
  status: { type: 'string', enum: BATCH_STATUSES },
  created_at: { ...str, description: 'When it was uploaded (ISO)' },
  rows_total: int,
  rows_done: int,
  rows_failed: int,
  result_url: {
    ...strOrNull,
    description: "Path of the result file (the input rows and each row's result), once the batch has rows",
  },
  messages: { ...list(str), description: 'Why the whole batch failed, when it did' },
});

/** One batch as the list and the upload answer it. */
export type Batch = FromSchema<typeof batchAnswer>;

/** What 'Check file' answers: each row of the file with what the upload would say of it (nothing is stored). */
export const batchCheckAnswer = shape({
  rows_total: int,
  rows_failed: int,
  rows: list(
    shape({
      row_no: { ...int, description: 'The row under the header, from 1 (as in the result file)' },
      ok: bool,
      errors: { ...list(str), description: 'Why the upload would refuse the row (empty when it would store it)' },
    }),
  ),
});

/** What 'Check file' answers. */
export type BatchCheck = FromSchema<typeof batchCheckAnswer>;

/** The messages of a call that takes an uploaded file (multipart `files`), checked before anything else. */
const FILE_MESSAGES = [
  BULK_UPLOAD_MSG.oneFile,
  BULK_UPLOAD_MSG.fileType,
  BULK_UPLOAD_MSG.fileContent,
  BULK_UPLOAD_MSG.tooLarge,
  BULK_UPLOAD_MSG.unpackedTooLarge,
  BULK_UPLOAD_MSG.tooManyParts,
  BULK_UPLOAD_MSG.notMultipart,
] as const;

/** Bulk-upload batches (spec 002 sections 2.8 and 7 "Entity, settings, batches"): upload, list, result file, sample file. */
export const batchCalls = {
  upload: defineCall({
    ...main,
    id: 'bulkUpload.upload',
    method: 'POST',
    path: '/v1/bulk-upload/:type/upload',
    summary:
      'Uploads one Excel or CSV file (multipart: files, optional email) and queues its batch job; answers the batch',
    params: bulkUploadParamsSchema,
    // The multipart body is read by the route (file size, extension and content, an xlsx's unpacked size, are checked there).
    bodyLimit: BULK_FILE_MAX_BYTES + 64 * 1024,
    messages: [...FILE_MESSAGES, BULK_UPLOAD_MSG.email],
    answers: {
      413: `'${BULK_UPLOAD_MSG.tooLarge}', or 'Request is too large' for a body over the call's limit`,
      429: `${ANSWERS.outboundQuota}; or the desk has as many batches waiting as it may; or ${ANSWERS.deskBusy}`,
      503: ANSWERS.busy,
    },
    answer: batchAnswer,
  }),
  check: defineCall({
    ...main,
    id: 'bulkUpload.check',
    method: 'POST',
    path: '/v1/bulk-upload/:type/check',
    summary:
      "'Check file': reads one file (multipart: files) and runs every row through the upload's own rules in a " +
      'transaction that is rolled back; answers each row OK or its errors, and stores nothing (no batch, no ' +
      'configuration, no audit entry, no e-mail)',
    params: bulkUploadParamsSchema,
    // The same file as the upload takes (its `email`, if sent, is checked and not used).
    bodyLimit: BULK_FILE_MAX_BYTES + 64 * 1024,
    messages: [
      ...FILE_MESSAGES,
      BULK_UPLOAD_MSG.noRows,
      BULK_UPLOAD_MSG.unreadable,
      BULK_UPLOAD_MSG.tooManyRows,
      BULK_UPLOAD_MSG.checkTooManyRows,
      BULK_UPLOAD_MSG.missingColumns(['Event Name', 'Mode']),
    ],
    answers: {
      413: `'${BULK_UPLOAD_MSG.tooLarge}', or 'Request is too large' for a body over the call's limit`,
      ...POOL_ANSWERS,
    },
    answer: batchCheckAnswer,
  }),
  sample: defineCall({
    service: 'main',
    envelope: 'none',
    public: true,
    id: 'bulkUpload.sample',
    method: 'GET',
    path: '/v1/bulk-upload/:type/sample',
    summary:
      "The component's sample Excel file: its columns and an example row per mode (refused as they are: " +
      `'${BULK_UPLOAD_MSG.exampleRow}')`,
    params: bulkUploadParamsSchema,
    produces: [XLSX_MEDIA_TYPE],
    answers: POOL_ANSWERS,
  }),
  list: defineCall({
    ...main,
    id: 'batches.list',
    method: 'GET',
    path: '/v1/batch',
    summary:
      "The batches of the caller's entity (parent_fteid: the login token's entity guid), newest first, with progress",
    querystring: batchListQuerySchema,
    answer: list(batchAnswer),
  }),
  result: defineCall({
    service: 'main',
    envelope: 'none',
    id: 'batches.result',
    refers: {
      'params.batchId':
        "a bulk-upload batch belongs to the uploader's entity (the desk), not to a company's branch: another entity's is 404 (bulk-upload.test.ts)",
    },
    method: 'GET',
    path: '/v1/batch/:batchId/result',
    summary: "A batch's result file (xlsx): the uploaded rows and each row's result",
    params: batchIdParamsSchema,
    produces: [XLSX_MEDIA_TYPE],
    answers: POOL_ANSWERS,
  }),
};
