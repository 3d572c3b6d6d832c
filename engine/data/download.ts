import { isRecord } from './pick';
import { deskToken } from './session';
import { serviceUrl, type ServiceName } from './services';

/**
 * Downloads a file the API serves behind the desk token (a link alone would not carry it): fetched with the token,
 * then saved under `filename` (or the name the answer's Content-Disposition gives). False when it failed.
 */
export async function downloadFile(
  path: string,
  options: { service?: ServiceName; filename?: string } = {},
): Promise<boolean> {
  const token = deskToken();
  try {
    const res = await fetch(serviceUrl(options.service ?? 'main', path), {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    if (!res.ok) return false;
    const named = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1];
    const url = URL.createObjectURL(await res.blob());
    const link = Object.assign(document.createElement('a'), {
      href: url,
      download: options.filename ?? named ?? 'download',
    });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return true;
  } catch {
    return false;
  }
}

/** A claim of the desk token (e.g. its entity id `deskId`), read without checking the signature (the API checks it). */
export function deskClaim(name: string): string | null {
  const payload = deskToken()?.split('.')[1];
  if (!payload) return null;
  try {
    const json: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    const value = isRecord(json) ? json[name] : undefined;
    return typeof value === 'string' && value ? value : null;
  } catch {
    return null;
  }
}
