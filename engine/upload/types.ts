import type { Batch, BatchCheck, batchCalls } from '../../schemas/api/batches';
import type { Endpoint } from '../data/endpoint';

/** One batch as the list call answers it. */
export type BatchRow = Batch;

/** What 'Check file' answers: each row of the file with what the upload would say of it. */
export type CheckResult = BatchCheck;

/**
 * An upload screen (kind 'upload'): one file sent to a batch job, and the list of earlier batches (spec 002 section
 * 2.8). The component comes from a path parameter; the list is asked for the entity named by a desk-token claim.
 */
export interface UploadConfig {
  kind: 'upload';
  path: string;
  title: string;
  /** The path parameter naming the component (`:component`), and each component's label for the heading. */
  componentParam: string;
  components: Record<string, string>;
  /** Where Cancel goes for each component: its list (kept query string), also when the page was opened directly. */
  lists: Record<string, string>;
  /** The upload call (multipart: `files` and the optional `email`), with the component as its `type` parameter. */
  upload: Endpoint;
  /** 'Check file': the same multipart body without the e-mail; answers each row OK or its errors, storing nothing. */
  check: Endpoint<typeof batchCalls.check>;
  /** The batch list, asked with `parent_fteid` (the claim below) and `type`. */
  batches: Endpoint<typeof batchCalls.list>;
  /** The sample file of the component (a public path with `:type`). */
  sample: Endpoint;
  /** The desk-token claim holding the caller's entity id. */
  entityClaim: string;
  /** File extensions the drop area takes. */
  accept: readonly string[];
  /** While a batch is queued or running the list is read again this often. */
  refreshMs: number;
  messages: {
    uploaded: string;
    failed: string;
    noFile: string;
    email: string;
    modalTitle: string;
    modalText: string;
    /** A file of another type dropped on the area. */
    fileType: string;
    /** The batch table without batches. */
    empty: string;
    /** The summary above a check's rows. */
    checked: (rows: number, failed: number) => string;
  };
  /** The e-mail pattern of the modal (the server checks it again). */
  emailPattern: string;
}
