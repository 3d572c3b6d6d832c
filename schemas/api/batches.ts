import { defineCall } from './contract';
import { ANSWERS, XLSX_MEDIA_TYPE } from './answers';
import { BULK_FILE_MAX_BYTES, BULK_UPLOAD_MSG, batchIdParamsSchema, batchListQuerySchema, bulkUploadParamsSchema } from '../bulk-upload';

const main = { service: 'main', envelope: 'main' } as const;

/** Bulk-upload batches (spec 002 sections 2.8 and 7 "Entity, settings, batches"): upload, list, result file, sample file. */
export const batchCalls = {
  upload: defineCall({
    ...main, id: 'bulkUpload.upload', method: 'POST', path: '/v1/bulk-upload/:type/upload',
    summary: 'Uploads one Excel or CSV file (multipart: files, optional email) and queues its batch job; answers the batch',
    params: bulkUploadParamsSchema,
    // The multipart body is read by the route (file size, extension and content, an xlsx's unpacked size, are checked there).
    bodyLimit: BULK_FILE_MAX_BYTES + 64 * 1024,
    messages: [BULK_UPLOAD_MSG.oneFile, BULK_UPLOAD_MSG.fileType, BULK_UPLOAD_MSG.fileContent, BULK_UPLOAD_MSG.tooLarge, BULK_UPLOAD_MSG.unpackedTooLarge, BULK_UPLOAD_MSG.tooManyParts, BULK_UPLOAD_MSG.notMultipart, BULK_UPLOAD_MSG.email],
    answers: {
      413: `'${BULK_UPLOAD_MSG.tooLarge}', or 'Request is too large' for a body over the call's limit`,
      429: `${ANSWERS.outboundQuota}; or the desk has as many batches waiting as it may`,
    },
  }),
  sample: defineCall({
    service: 'main', envelope: 'none', public: true, id: 'bulkUpload.sample', method: 'GET', path: '/v1/bulk-upload/:type/sample',
    summary: "The component's sample Excel file (its columns and an example row per mode)", params: bulkUploadParamsSchema,
    produces: [XLSX_MEDIA_TYPE],
    answers: { 503: ANSWERS.busy },
  }),
  list: defineCall({
    ...main, id: 'batches.list', method: 'GET', path: '/v1/batch',
    summary: "The batches of the caller's entity (parent_fteid: the login token's entity guid), newest first, with progress",
    querystring: batchListQuerySchema,
  }),
  result: defineCall({
    service: 'main', envelope: 'none', id: 'batches.result', method: 'GET', path: '/v1/batch/:batchId/result',
    summary: "A batch's result file (xlsx): the uploaded rows and each row's result", params: batchIdParamsSchema,
    produces: [XLSX_MEDIA_TYPE],
    answers: { 503: ANSWERS.busy },
  }),
};
