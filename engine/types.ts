import type { Endpoint } from './data/endpoint';
import type { Scope } from './scope/scope';

/** How a screen shows in the left menu. */
export interface MenuEntry {
  label: string;
  /** Group heading (e.g. 'Routes', 'Masters'). */
  group: string;
  /** Icon name from the shell's icon map. */
  icon?: string;
  order?: number;
}

/** A row of a list, or a loaded record, as the engine holds it (configs narrow it with a type parameter). */
export type Row = Record<string, unknown>;

/** A form's data as the engine holds it (typed configs get it from their schema, see `registry/define.ts`). */
export type FormData = Record<string, unknown>;

/** One less, for the depth of {@link FieldOf}. */
type Shallower = [never, 0, 1, 2, 3];

/**
 * The dotted paths into a row (`origin.google.formatted_address`), as a column's `field` names them: from a typed row
 * (the answer of a list's source call) a union the compiler checks, so a misspelt field fails the type check; from a
 * plain `Row`, any text. Arrays are not entered (a column shows a list as a whole).
 */
export type FieldOf<R, Depth extends number = 4> = [Depth] extends [never]
  ? never
  : R extends readonly unknown[]
    ? never
    : R extends object
      ? {
          [K in keyof R & string]:
            | K
            | (NonNullable<R[K]> extends readonly unknown[]
                ? never
                : NonNullable<R[K]> extends object
                  ? `${K}.${FieldOf<NonNullable<R[K]>, Shallower[Depth]>}`
                  : never);
        }[keyof R & string]
      : never;

/** Values every payload builder and loader receives. */
export interface ConfigContext {
  scope: Scope;
  /** Path parameters of the current page (e.g. the id being edited). */
  params: Record<string, string | undefined>;
  /** What the link to this page carried besides its path (a list's `edit.state`), when the page was reached that way. */
  state?: Record<string, unknown>;
  /** The value of the screen's `lookup` (an id), once read. */
  lookup?: string;
  /** The list row a quick-edit modal was opened on (its form's `load` reads the record by it). */
  row?: Row;
}

/** A value read first and handed to the screen's own calls as `ctx.lookup` (e.g. the report service's entity id of the company). */
export interface LookupConfig {
  endpoint: Endpoint;
  /** The id in the answer (see `textAt` in `data/pick.ts`). */
  pick(data: unknown): string | undefined;
  /** Toast when it cannot be read. */
  error: string;
}

/**
 * What an action asks before it runs (one that mails or calls out: a test send to recipients, a report's 'Run now'):
 * its title, what it will do and to whom, and the words of the button that does it.
 */
export interface ActionQuestion {
  title: string;
  content: string;
  okText: string;
}
