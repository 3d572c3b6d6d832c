import type { FromSchema } from 'json-schema-to-ts';
import { EMAIL } from './notification-config';

/**
 * Bulk-upload batches (spec 002 sections 2.8, 5, 7 and 8): the components a file can be uploaded for, the batch
 * record the list answers, the limits of a file and the texts the page and the server share.
 */

/** The components with a batch job; a new one is a name here and a row mapper registered on the server. */
export const BULK_UPLOAD_TYPES = ['configurations'] as const;
export type BulkUploadType = (typeof BULK_UPLOAD_TYPES)[number];

/** Largest file accepted, in bytes (5,000 configuration rows take about 600 KB as xlsx). */
export const BULK_FILE_MAX_BYTES = 5 * 1024 * 1024;
/** Most data rows in one file. */
export const BULK_MAX_ROWS = 10_000;
/** Most bytes an xlsx (a zip) may unpack to, and most parts it may hold: a small zip can unpack to gigabytes. */
export const BULK_UNPACKED_MAX_BYTES = 50 * 1024 * 1024;
export const BULK_ZIP_MAX_ENTRIES = 1000;
/**
 * Most data rows 'Check file' tries: every row runs in one transaction that is then rolled back, and on the embedded
 * database (one connection) other requests wait for it (a row takes a few milliseconds), so a check stays short.
 */
export const BULK_CHECK_MAX_ROWS = 1000;
/** Columns a file may have beyond its component's known columns (a sheet wider than that is refused). */
export const BULK_EXTRA_COLUMNS = 20;
/** The file types accepted, by extension (the content is sniffed as well). */
export const BULK_FILE_EXTENSIONS = ['.xlsx', '.xls', '.csv'] as const;

/** Texts of spec 002 sections 5 and 8 (spelled as the spec does) and the server's own. */
export const BULK_UPLOAD_MSG = {
  uploaded: 'File uploaded successfully',
  failed: 'Failed to upload',
  noFile: 'Please select a file first',
  email: 'Please enter valid email',
  modalTitle: 'Bulk Upload',
  modalText: 'Add an email address to get a notification when the batch completes (optional).',
  oneFile: 'Upload one file at a time',
  fileType: 'Only Excel (.xlsx, .xls) or CSV files can be uploaded',
  fileContent: 'The file is not a readable Excel or CSV file',
  tooLarge: `The file is larger than ${BULK_FILE_MAX_BYTES / 1024 / 1024} MB`,
  notMultipart: 'Send the file as multipart/form-data',
  unknownType: `Unknown upload type; one of: ${BULK_UPLOAD_TYPES.join(', ')}`,
  fileName: 'The file name must be at most 200 characters',
  noRows: 'The file has no rows under its header',
  unpackedTooLarge: `The file unpacks to more than ${BULK_UNPACKED_MAX_BYTES / 1024 / 1024} MB; save only the sheet to upload and try again`,
  tooManyParts: `The file holds more than ${BULK_ZIP_MAX_ENTRIES} parts; save only the sheet to upload and try again`,
  tooManyColumns: (max: number) => `The sheet has more than ${max} columns; keep only the columns of the sample file`,
  tooManyRows: `The file has more than ${BULK_MAX_ROWS} rows`,
  missingColumns: (columns: string[]) => `The file lacks the columns: ${columns.join(', ')}`,
  unreadable: 'The file could not be read',
  rowCrashed: 'This row could not be stored. Please try again',
  gaveUp: 'The batch could not be completed. Rows with a result were stored; upload the rest again',
  /** A row left exactly as the sample file has it (refused by the upload and by 'Check file'). */
  exampleRow: "This is the sample file's example row: change it or delete it",
  /** A file longer than 'Check file' takes ({@link BULK_CHECK_MAX_ROWS}). */
  checkTooManyRows: `'Check file' takes at most ${BULK_CHECK_MAX_ROWS.toLocaleString('en-IN')} rows: check the file in parts, or upload it and read each row's result in the result file`,
  /** The summary of 'Check file': nothing is stored by a check. */
  checked: (rows: number, failed: number) =>
    `${rows} ${rows === 1 ? 'row' : 'rows'} checked: ${rows - failed} OK, ${failed} with errors. Nothing was stored.`,
} as const;

/** The optional e-mail of an upload (the multipart field `email`): empty, or one address. */
export const bulkUploadEmailSchema = {
  type: 'string',
  maxLength: 254,
  pattern: `^$|^${EMAIL}$`,
  errorMessage: BULK_UPLOAD_MSG.email,
} as const;

/** Path of the upload call: the component. */
export const bulkUploadParamsSchema = {
  type: 'object',
  properties: {
    type: { type: 'string', maxLength: 40, enum: BULK_UPLOAD_TYPES, errorMessage: BULK_UPLOAD_MSG.unknownType },
  },
  required: ['type'],
  errorMessage: { required: { type: BULK_UPLOAD_MSG.unknownType } },
} as const;

/** Query of the batch list: the entity (the login token's entity guid) and the component. */
export const batchListQuerySchema = {
  type: 'object',
  properties: {
    parent_fteid: {
      type: 'string',
      minLength: 1,
      maxLength: 64,
      errorMessage: 'parent_fteid must be an entity id of at most 64 characters',
    },
    type: { type: 'string', maxLength: 40, enum: BULK_UPLOAD_TYPES, errorMessage: BULK_UPLOAD_MSG.unknownType },
  },
  required: ['parent_fteid'],
  errorMessage: { required: { parent_fteid: 'parent_fteid is required' } },
} as const;
export type BatchListQuery = FromSchema<typeof batchListQuerySchema>;

/** Path of the result file: the batch. */
export const batchIdParamsSchema = {
  type: 'object',
  properties: { batchId: { type: 'string', minLength: 1, maxLength: 64, errorMessage: 'batchId must be a batch id' } },
  required: ['batchId'],
} as const;

/** Where a batch is. */
export const BATCH_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

/** One batch as the list and the upload answer it (the type of its answer schema, schemas/api/batches.ts). */
export type { Batch } from './api/batches';

/** The ID tag of the batch table: characters 5 to 12 of the id, uppercased (spec 002 section 2.8). */
export const batchTag = (id: string): string => id.slice(4, 12).toUpperCase();
