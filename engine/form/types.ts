import type { UiSchema } from '@rjsf/utils';
import type { ComponentType } from 'react';
import type { Endpoint, CallInput } from '../data/endpoint';
import type { Scope } from '../scope/scope';
import type { ActionQuestion, ConfigContext, FormData, LookupConfig, Row } from '../types';

/** What a form submits: the body (of the submit call's type, in a typed config) and any extra query or path parameters. */
export type Submission<Body = unknown> = Pick<CallInput, 'query' | 'params'> & { body?: Body };

/** What a form's payload builder receives besides the form data. */
export type SubmitContext<Rec = Row> = ConfigContext & { editing: boolean; record?: Rec };

/**
 * A form: schema, uiSchema, how to load and save, and what to say. `Data` is the form data (from the schema),
 * `Rec` the loaded record and `Body` the submit call's body; `defineForm` infers all three, so a screen needs no
 * casts. The mappers are methods, so a typed config is still a plain `FormConfig` to the engine.
 */
export interface FormConfig<Data = FormData, Rec = Row, Body = unknown> {
  kind: 'form';
  /** Route paths: create and (optional) edit, e.g. `/routes/add` and `/routes/:id/edit`. */
  path?: string;
  editPath?: string;
  title: { create: string; edit?: string };
  /** A shared schema from `schemas/` (read-only `as const` objects are accepted). */
  schema: object;
  uiSchema?: UiSchema;
  /** Fields per row on wide screens. */
  columns?: 1 | 2 | 3;
  requiresCompany?: boolean;
  /** Message when saving without a company; defaults to 'Select a company to continue'. */
  companyMessage?: string;
  /**
   * What the scope lacks besides a company for this screen (e.g. a TRANSPORTER's consignor), as the text to show;
   * undefined when nothing. A form refuses to save with it (toasted, nothing sent: an error, or an info when it says
   * so, as some spec texts are); a list shows it instead of reading.
   */
  scopeNeeds?(scope: Scope): ScopeNeed | undefined;
  /** Read before saving; its value reaches `toSubmission` as `ctx.lookup`. */
  lookup?: LookupConfig;
  /**
   * Loading the record being edited (also in a quick-edit modal, where the list row shows until it is read). The
   * answer's ETag goes back as If-Match with the save; a 412 offers to reload the record.
   */
  load?: {
    endpoint: Endpoint;
    input: (ctx: ConfigContext) => CallInput;
    pick?: (data: unknown) => unknown;
    error: string;
    /**
     * The form edits the scope's one record (a setting), not a record named by the route: it is read whenever a
     * company is chosen and again when the scope changes, the form is emptied without a company or when the read
     * fails (values off or empty), and it keeps the saved values after a save. Saves use `submit.create`.
     */
    byScope?: boolean;
  };
  /** The loaded record as form data (checked by the form's schema when shown, not by the compiler: the record may be older than the schema). */
  toForm?(record: Rec): FormData;
  /** The call for the (valid) form data; absent: the form data is the body. */
  toSubmission?(formData: Data, ctx: SubmitContext<Rec>): Submission<Body>;
  /**
   * A local form (a mock-up such as the EPOD page, made by `defineLocalForm`): it saves and sends nothing and has no
   * submit button; it has no `submit` calls and no `messages`, which the engine then never reads.
   */
  local?: boolean;
  submit: { create: Endpoint; update?: Endpoint };
  submitLabel?: { create: string; edit?: string };
  messages: {
    /** Success toasts; a function builds the text from the scope (e.g. the company id the spec's message names). */
    created: string | ((ctx: ConfigContext) => string);
    updated?: string | ((ctx: ConfigContext) => string);
    createError: string;
    updateError?: string;
    /** Show the server's own result message instead of `created`/`updated` when it sends one (data-family saves). */
    preferServer?: boolean;
    /**
     * Server refusals shown under the field they are about instead of toasted, by their text (e.g. 'A route with this
     * code already exists' → 'code'), until the form changes; the create or update error is still toasted.
     */
    fieldOf?: Readonly<Record<string, string>>;
  };
  /**
   * How a refused save is shown, when the screen shows it its own way (e.g. `inFormOnStatus`, `firstServerMessage` in
   * `failure.ts`): returns whether it did. Otherwise the server's messages are toasted (those under fields aside), and
   * the create or update error unless `preferServer` and the server said something.
   */
  onFailure?(failure: SaveFailure, show: FailureDisplay): boolean;
  /** Where to go after saving (query string kept); absent: stay and reset. */
  after?: string;
  /**
   * Where the 'Back' button beside submit returns (query string kept); absent: `after`. Every form page has one (a
   * modal or inline form has none).
   */
  back?: string;
  /** Reads a successful answer that can still refuse the record (a bulk call's per-row status): the refusal's text, if any. */
  refusal?: (data: unknown) => string | undefined;
  /**
   * A step of the screen's own after the save succeeded, before the success toast (e.g. the sidebar's second call for
   * its landing page): false stops there (no success toast, no navigation; the step toasts its own failure).
   */
  afterSave?(formData: Data, ctx: SubmitContext<Rec>): Promise<boolean>;
  /**
   * Pieces the screen adds to its form (react-table's plugin hooks): each runs on every render with the form as it
   * stands and may show an alert, add buttons beside Submit or hold Submit back. See `parts.tsx` for the engine's
   * (`formCheck`, `formTools`).
   */
  parts?: readonly FormPart<Data>[];
}

/** What a form's `scopeNeeds` says the scope lacks: a text toasted as an error, or one toasted with its tone. */
export type ScopeNeed = string | { text: string; tone: 'info' };

/** A refused save, as a form's `onFailure` receives it. */
export interface SaveFailure {
  /** The HTTP status (0: no answer). */
  status: number;
  /** The server's messages (or the HTTP helper's text for a failure without them). */
  messages: readonly string[];
  /** The answer's body as sent. */
  body: unknown;
  /** The config's create or update error, as this save would toast it. */
  error: string;
  /** The messages already shown under their fields (`messages.fieldOf`). */
  underFields: readonly string[];
}

/** The engine's ways of showing a refused save (see `FormConfig.onFailure`). */
export interface FailureDisplay {
  /** Shows the text inside the form, above its buttons, until the form changes or is sent again. */
  inForm(text: string): void;
  /** Toasts the text as an error, for `seconds` when given. */
  toast(text: string, seconds?: number): void;
}

// A form's parts are typed beside the engine's extensions, which add parts to every form (engine/types.ts).
import type { FormPart } from '../types';
export type { FormPart, FormPartProps, FormPartView, PendingSave } from '../types';

/** See `formCheck` in `parts.tsx`: a question put to the server as the form is filled in. */
export interface FormCheck<Data = FormData> {
  endpoint: Endpoint;
  /** The call for the data so far, or undefined while it lacks what the check needs. */
  input(formData: Partial<Data>, ctx: ConfigContext): CallInput | undefined;
  /** What the answer means for the form. */
  apply(data: unknown, formData: Partial<Data>): { error?: string; fill?: Partial<Data> };
}

/** See `formTools` in `parts.tsx`: a button, its call for the form data, and the answer as labelled texts. */
export interface FormTool<Data = FormData> {
  label: string;
  endpoint: Endpoint;
  input(formData: Data, ctx: ConfigContext): CallInput;
  /** The dialog's title and its labelled texts, from the answer's data. */
  show(data: unknown): { title: string; entries: readonly (readonly [label: string, text: string])[] };
  /** Hides the button while this holds for the form data (a send to the operator, for a webhook). */
  hiddenWhen?(formData: Data): boolean;
  /**
   * What the tool will do, asked before it runs (a send that reaches customers says whom, and runs only on its OK);
   * null runs it at once.
   */
  confirm?(formData: Data, ctx: ConfigContext): ActionQuestion | null;
}

/** What a form modal receives (see `formModal` in `parts.tsx`): the form data as it stands, the scope, how to close. */
export interface FormModalProps<Data = FormData> {
  formData: Partial<Data>;
  ctx: ConfigContext;
  onClose: () => void;
}

/** A button beside Submit opening a modal on the form data as it stands (e.g. the alert form's 'Preview impact'). */
export interface FormModal<Data = FormData> {
  label: string;
  /** Loads the modal component (when the button is first pressed); it is mounted open and calls `onClose`. */
  component(): Promise<{ default: ComponentType<FormModalProps<Data>> }>;
}
