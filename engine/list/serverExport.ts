import type { ExportableList, ExportFormat } from '../../schemas/api/exports';
import { type CallInput, type Endpoint, endpointQuery } from '../data/endpoint';
import { withQuery } from '../data/http';
import { serviceUrl } from '../data/services';
import { deskToken } from '../data/session';
import { deskTimeZone } from '../timeZone';
import { exportFileName } from './exportList';
import type { ColumnConfig } from './types';

/** How far an export has come: rows written (counted in a CSV; null in a workbook), of how many, bytes received. */
export interface ExportProgress {
  rows: number | null;
  total: number;
  /** The total is an estimate (a search with many hits): shown as 'about'. */
  estimated?: boolean;
  bytes: number;
}

/** An export's end: saved, cancelled, or refused with the server's words. */
export type ExportEnd = { ok: true } | { ok: false; cancelled: boolean; message: string | null };

/** The columns as the export call takes them: title, field, and the kind or named text that writes the cell. */
const exportColumns = (columns: readonly ColumnConfig[]) =>
  JSON.stringify(
    columns
      .filter((column) => !column.value)
      .map(({ title, field, kind, text }) => ({ title, field, ...(kind && { kind }), ...(text && { text }) })),
  );

/** The first message of a refusal's JSON body, if it has one. */
async function refusal(res: Response): Promise<string | null> {
  try {
    const body: unknown = await res.json();
    const message = typeof body === 'object' && body && 'message' in body ? body.message : null;
    return Array.isArray(message) && typeof message[0] === 'string' ? message[0] : null;
  } catch {
    return null;
  }
}

/**
 * Downloads every row a server-paged list selects through its export call (schemas/api/exports.ts): the server reads
 * the pages and writes the file as it goes, and the console saves what arrives, telling `onProgress` how far it came;
 * `signal` cancels it. The columns are the list's own, dates and times in the desk's zone.
 */
export async function exportFromServer(
  entry: ExportableList,
  source: Endpoint,
  input: CallInput,
  title: string,
  columns: readonly ColumnConfig[],
  format: ExportFormat,
  onProgress: (progress: ExportProgress) => void,
  signal: AbortSignal,
): Promise<ExportEnd> {
  const query = endpointQuery(source, input);
  delete query[entry.paging.page];
  delete query[entry.paging.size];
  const url = withQuery(serviceUrl(entry.call.service, entry.call.path), {
    ...query,
    format,
    columns: exportColumns(columns),
    tz: deskTimeZone(),
  });
  const token = deskToken();
  try {
    const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal });
    if (!res.ok || !res.body) return { ok: false, cancelled: false, message: await refusal(res) };
    const total = Number(res.headers.get('x-total-count') ?? 0);
    // A search with many hits has an estimated total: the rows written may pass it.
    const estimated = res.headers.get('x-total-estimated') === 'true';
    const parts: BlobPart[] = [];
    const progress: ExportProgress = { rows: format === 'csv' ? 0 : null, total, estimated, bytes: 0 };
    const reader = res.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      const { buffer, byteOffset, byteLength } = read.value;
      parts.push(buffer instanceof ArrayBuffer ? new Uint8Array(buffer, byteOffset, byteLength) : read.value.slice());
      progress.bytes += read.value.byteLength;
      // A CSV's rows end in CR LF (a quoted line break inside a cell is a lone LF): its header line is not a row.
      if (progress.rows !== null)
        progress.rows = Math.min(
          estimated ? Number.POSITIVE_INFINITY : total,
          progress.rows + read.value.filter((byte) => byte === 13).length - (parts.length === 1 ? 1 : 0),
        );
      onProgress({ ...progress });
    }
    const blob = new Blob(parts, { type: res.headers.get('content-type') ?? undefined });
    const link = Object.assign(document.createElement('a'), {
      href: URL.createObjectURL(blob),
      download: exportFileName(title, format),
    });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    return { ok: true };
  } catch (err) {
    return {
      ok: false,
      cancelled: signal.aborted,
      message: err instanceof Error && !signal.aborted ? err.message : null,
    };
  }
}
