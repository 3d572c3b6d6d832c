import { endpoint } from '../engine/data/endpoint';
import type { UploadConfig } from '../engine/upload/types';
import { batchCalls } from '../schemas/api/batches';
import { BULK_FILE_EXTENSIONS, BULK_UPLOAD_MSG } from '../schemas/bulk-upload';
import { EMAIL_PATTERN } from '../schemas/notification-config';
import * as registered from './bulk-upload.meta';

/** /bulk-upload/{component}: one Excel file per batch, run on the server; the batches of the desk's entity below. */
export const bulkUpload: UploadConfig = {
  ...registered.bulkUpload,
  componentParam: 'component',
  components: { configurations: 'Configurations' },
  lists: { configurations: '/configuration-list' },
  upload: endpoint(batchCalls.upload),
  check: endpoint(batchCalls.check),
  batches: endpoint(batchCalls.list),
  sample: endpoint(batchCalls.sample),
  entityClaim: 'deskId',
  accept: BULK_FILE_EXTENSIONS,
  refreshMs: 2000,
  emailPattern: EMAIL_PATTERN,
  messages: {
    uploaded: BULK_UPLOAD_MSG.uploaded,
    failed: BULK_UPLOAD_MSG.failed,
    noFile: BULK_UPLOAD_MSG.noFile,
    email: BULK_UPLOAD_MSG.email,
    modalTitle: BULK_UPLOAD_MSG.modalTitle,
    modalText: BULK_UPLOAD_MSG.modalText,
    fileType: BULK_UPLOAD_MSG.fileType,
    empty: 'No batches uploaded yet',
    checked: BULK_UPLOAD_MSG.checked,
  },
};
