import type { AuditEntry, ConfigCount } from '../../schemas/api/audit';
import { CELL_TEXTS } from '../../schemas/cell-texts';
import type { HomeConfig } from './config';

/** A counted kind as the home shows it: its name, how many the scope keeps, and the screen that lists them. */
export interface HomeCount {
  objectType: string;
  label: string;
  count: number;
  path: string;
}

/** The kinds of the config the summary counted, in the config's order (a kind the server did not count is left out). */
export function homeCounts(config: Pick<HomeConfig, 'areas'>, counts: readonly ConfigCount[]): HomeCount[] {
  const byType = new Map(counts.map((row) => [row.objectType, row]));
  return config.areas.flatMap((area) => {
    const counted = byType.get(area.objectType);
    return counted ? [{ ...counted, path: area.path }] : [];
  });
}

/** The screen a change of `objectType` is seen on: the screen listing its kind, else the Audit Log. */
export function screenOfChange(config: Pick<HomeConfig, 'areas' | 'auditPath'>, objectType: string): string {
  return config.areas.find((area) => area.objectType === objectType)?.path ?? config.auditPath;
}

/**
 * A change of the audit log in words, as its columns read: who (or where a copy came from), what was done to which
 * record, and the fields it changed: 'Priya Sharma: Changed Alert Night driving (Enabled, Settings)'.
 */
export function changeInWords(entry: AuditEntry): string {
  const fields = CELL_TEXTS.auditChanges(entry);
  const what = `${CELL_TEXTS.auditAction(entry)} ${CELL_TEXTS.auditObject(entry)} ${CELL_TEXTS.auditObjectName(entry)}`;
  return `${CELL_TEXTS.auditUser(entry)}: ${what}${fields ? ` (${fields})` : ''}`;
}
