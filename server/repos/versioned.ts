import { OutOfReach, StaleVersion } from '../rules/refusal';
import type { Queryable } from '../store/store';

/**
 * Versioned rows (API.md "Lost updates"): every record the console edits has a `version` column that each update
 * bumps, and a write may name the versions it expects (If-Match). One helper per table does the reads and the
 * conditional writes, so that no repository writes the version condition, the bump or the refusal again.
 */

/** What a write's If-Match asks: null = no condition (no header, or `*`); else the versions the row must have. */
export type Expected = readonly number[] | null;

/** A value checked against the versions a write expects: StaleVersion (412) when it has none of them. */
export function ensureVersion<R extends { version: number }>(row: R, expected: Expected): R {
  if (expected && !expected.includes(row.version)) throw new StaleVersion();
  return row;
}

/** A conditional write of one row (see {@link versionedTable}). */
export interface VersionedWrite {
  /** The row's key value (`$1` of the statement; `$2` holds the expected versions). */
  key: string | number;
  expected: Expected;
  /** A further condition the row must meet (e.g. its company or owner), its values numbered from `$3`. */
  where?: string;
  whereValues?: readonly unknown[];
  /** The SET list without the version bump, its values numbered after `whereValues`'. */
  set: string;
  values?: readonly unknown[];
  /** The RETURNING list (default `version`). */
  returning?: string;
}

/** A row: its key and the further condition it is read with (see {@link VersionedWrite.where}). */
type Addressed = Pick<VersionedWrite, 'key' | 'where' | 'whereValues'>;

/**
 * The versioned reads and writes of `table`, whose rows are addressed by `keyColumn`. A write that changes no row
 * says why: OutOfReach (404) when the row is gone or outside `where`, else StaleVersion (412).
 */
export function versionedTable(table: string, keyColumn = 'id') {
  /** Row `$1` (and `where`), while it has one of the versions in `$2`: always when `$2` is null. */
  const rowAt = (where: string | undefined) =>
    `${keyColumn} = $1 and ($2::int[] is null or version = any($2::int[]))${where ? ` and ${where}` : ''}`;
  /** The row's version now, or null when there is none (or it is outside `where`). */
  async function version(q: Queryable, { key, where, whereValues = [] }: Addressed): Promise<number | null> {
    const row = await q.one<{ version: number }>(`select version from ${table} where ${rowAt(where)}`, [
      key,
      null,
      ...whereValues,
    ]);
    return row?.version ?? null;
  }
  /** Why a conditional write changed nothing: the error to throw. */
  async function refusal(q: Queryable, addressed: Addressed): Promise<Error> {
    return (await version(q, addressed)) === null ? new OutOfReach() : new StaleVersion();
  }
  return {
    version,
    /** Reads the row while it has an expected version: what `returning` names, or the refusal thrown. */
    async read<R = { version: number }>(q: Queryable, read: Omit<VersionedWrite, 'set' | 'values'>): Promise<R> {
      const { key, expected, where, whereValues = [], returning = 'version' } = read;
      const row = await q.one<R>(`select ${returning} from ${table} where ${rowAt(where)}`, [
        key,
        expected,
        ...whereValues,
      ]);
      if (row === null) throw await refusal(q, read);
      return row;
    },
    /** Updates the row while it has an expected version and bumps it; what `returning` names, or the refusal thrown. */
    async update<R = { version: number }>(q: Queryable, write: VersionedWrite): Promise<R> {
      const { key, expected, where, whereValues = [], set, values = [], returning = 'version' } = write;
      const row = await q.one<R>(
        `update ${table} set ${set}, version = version + 1 where ${rowAt(where)} returning ${returning}`,
        [key, expected, ...whereValues, ...values],
      );
      if (row === null) throw await refusal(q, write);
      return row;
    },
    /** Deletes the row while it has an expected version; the refusal thrown when none qualified. */
    async remove(q: Queryable, write: Addressed & { expected: Expected }): Promise<void> {
      const { key, expected, where, whereValues = [] } = write;
      const gone = await q.query(`delete from ${table} where ${rowAt(where)} returning ${keyColumn}`, [
        key,
        expected,
        ...whereValues,
      ]);
      if (gone.length === 0) throw await refusal(q, write);
    },
  };
}
