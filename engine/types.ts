import type { ReactNode } from 'react';
import type { CallInput, Endpoint } from './data/endpoint';
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

/** What a form part sees: the form as it stands, and how to fill in values. */
export interface FormPartProps<Data = FormData> {
  formData: Partial<Data>;
  ctx: ConfigContext;
  editing: boolean;
  submitting: boolean;
  /** Merges values into the form data (e.g. a default text the server answered). */
  fill(values: Partial<Data>): void;
  /** The call Save makes (the update's when editing); none for a local form. */
  saveCall?: Endpoint;
  /**
   * The save Submit would send with the form as it stands (after the config's lookup), not sent: its call and input,
   * what it edits, and the ETag the record was read with; null when the scope or the lookup does not let it go.
   */
  pendingSave(): Promise<PendingSave | null>;
}

/** A save as Submit would send it (see `FormPartProps.pendingSave`). */
export interface PendingSave {
  endpoint: Endpoint;
  input: CallInput;
  editing: boolean;
  /** The record edited, as loaded (undefined when creating). */
  record?: Row;
}

/** What a form part adds to the form. */
export interface FormPartView {
  /** Shown inside the form above its buttons (e.g. a refused combination). */
  alert?: string | null;
  /** Drawn beside Submit, before it. */
  buttons?: ReactNode;
  /** Submit stays disabled while true. */
  blocksSubmit?: boolean;
  /** Submit is not shown (a button of the part stands for it, e.g. 'Propose change' where saves are reviewed). */
  replacesSubmit?: boolean;
}

/**
 * A piece of a form (see `FormConfig.parts`): called on every render, in order, so it may use hooks. A method's
 * type, so a part typed for a schema's data is still a part of the engine's plain form.
 */
export type FormPart<Data = FormData> = { part(form: FormPartProps<Data>): FormPartView }['part'];

/**
 * What a piece the app adds to every list sees (see `EngineExtensions.listParts`): the scope, the list's delete call
 * (its `remove`), and how to read its rows again.
 */
export interface AppListPartProps {
  scope: Scope;
  remove?: { endpoint: Endpoint; input(row: Row): CallInput };
  reload(): unknown;
}

/** What such a piece adds: buttons of a row, the room they need, and whether one stands for the row's Delete. */
export interface AppListPartView {
  rowActions?(row: Row): ReactNode;
  actionsWidth?: number;
  /** The row's Delete is not shown (a button of the part stands for it, e.g. 'Propose delete' where deletes are reviewed). */
  replacesRemove?: boolean;
}

/** A piece the app adds to every list: called on every render, in order, so it may use hooks. */
export type AppListPart = (list: AppListPartProps) => AppListPartView;
