import type { UiSchema } from '@rjsf/utils';
import type { ComponentType } from 'react';
import type { Endpoint, CallInput } from './data/endpoint';
import type { Scope } from './scope/scope';
import type { ColumnKind } from './columnKinds';
import type { SheetExtras } from './sheetConfig';

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

/** A form's data as the engine holds it (typed configs get it from their schema, see `define.ts`). */
export type FormData = Record<string, unknown>;

/**
 * A column of a list. `kind` names its entry in the column registry (`columnKinds` in `columnKinds.ts`; default `text`).
 * `R` is the type of the list's rows (functions are methods, so a config typed for its rows is still a `ColumnConfig`).
 */
export interface ColumnConfig<R = Row> {
  title: string;
  /** Dotted path into the row, e.g. `origin.google.formatted_address`. */
  field: string;
  /** Derives the value when it is not a plain path (e.g. the ROUTE_COST entry of a cost list). */
  value?(row: R): unknown;
  kind?: ColumnKind;
  sortable?: boolean;
  /** For a list the server pages: the value of the server's sort parameter that orders by this column (it is then sortable). */
  sortKey?: string;
  /** Pixels; a list's table fits its width (long texts end in an ellipsis with the full text on hover). */
  width?: number;
  /**
   * A search of this column in its header's filter menu (a text box with Search and Reset): the rows whose cell holds
   * the text (any case) stay, with the text highlighted. For lists the table pages (not `paging`).
   */
  searchable?: boolean;
  /** A choice of values in the header's filter menu: the rows whose value is one of those ticked stay (not `paging`). */
  filterOptions?: readonly ColumnOption[];
  /** How the cell is edited in a row of a list's `inlineEdit` (required: 'Please Input {title}!'). */
  editor?: { kind: 'select'; options: readonly ColumnOption[] };
  /**
   * Small coloured tags after the cell's text (e.g. a run's 'Failed' in red, a 'late' mark); `title` shows on hover.
   * Tags are drawn only where the cell shows its text (not for `switch` or `json`).
   */
  tags?(row: R): readonly CellTag[];
  /**
   * A Download button after the cell's text: `input` gives the call of the file for the row (undefined: nothing to
   * download, no button); the file is fetched in the list's scope and saved under the name the answer gives. Failing,
   * `error` is toasted.
   */
  download?: {
    endpoint: Endpoint;
    input(row: R): CallInput | undefined;
    /** The button's text (default 'Download'). */
    label?: string;
    /** An icon alone (the text as its name and tooltip), where a cell has little room. */
    compact?: boolean;
    error: string;
  };
  /** For `switch`: the call that stores the new value and the confirmation shown first. */
  toggle?: {
    endpoint: Endpoint;
    /** Path parameters, query and body of the call for the new value. */
    input(row: R, checked: boolean): CallInput;
    /** The confirmation dialog's title and text (e.g. 'Enable Configuration'). */
    confirmTitle: string;
    confirmText?: string;
    /** Success toast; absent: the server's message, if any. */
    success?: string;
    error: string;
  };
}

/** A tag of a cell (see `ColumnConfig.tags`): its text, an antd tag colour ('red', 'orange', 'green'...) and a hover text. */
export interface CellTag {
  text: string;
  color?: string;
  title?: string;
}

/** A value a column's filter or editor offers, and its label. */
export interface ColumnOption {
  value: string;
  label: string;
}

/**
 * Editing a row in place (the antd editable-table pattern): Edit turns the row's `editor` columns into inputs, with
 * Save and Cancel (asked first with `cancelConfirm`) instead; one row at a time. Save checks that every editor has a
 * value ('Please Input {title}!') and sends the row with its new values through `endpoint`.
 */
export interface InlineEdit<R = Row> {
  endpoint: Endpoint;
  /** The call for the row with its edited values (by column field). */
  input(row: R, values: Record<string, unknown>): CallInput;
  /** Rows that cannot be edited (Edit disabled). */
  disabledWhen?(row: R): boolean;
  cancelConfirm: string;
  success: string;
  error: string;
}

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
   * undefined when nothing. A form refuses to save with it (toasted, nothing sent); a list shows it instead of reading.
   */
  scopeNeeds?(scope: Scope): string | undefined;
  /** How `scopeNeeds`' text is toasted: an error (default) or, as some spec texts are, an info. */
  scopeNeedsTone?: 'error' | 'info';
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
    /** Refusals shown inside the form, not toasted, by the status they come with (e.g. 500: 'Event is already created'). */
    inForm?: Readonly<Record<number, string>>;
    /**
     * Server refusals shown under the field they are about instead of toasted, by their text (e.g. 'A route with this
     * code already exists' → 'code'), until the form changes; the create or update error is still toasted.
     */
    fieldOf?: Readonly<Record<string, string>>;
    /**
     * A refusal the server explains (`success: false` with messages) shows only its first message, for `seconds`
     * (the AP form's 10); any other failure the create or update error.
     */
    firstServerMessage?: { seconds: number };
  };
  /** Where to go after saving (query string kept); absent: stay and reset. */
  after?: string;
  /**
   * Where the 'Back' button beside submit returns (query string kept); absent: `after`. Every form page has one (a
   * modal or inline form has none).
   */
  back?: string;
  /** Reads a successful answer that can still refuse the record (a bulk call's per-row status): the refusal's text, if any. */
  refusal?: (data: unknown) => string | undefined;
  /** A second call made after the save succeeded (e.g. the sidebar's landing page); its failure is toasted. */
  alsoSubmit?: { endpoint: Endpoint; input(formData: Data, ctx: SubmitContext<Rec>): CallInput };
  /** Submit stays disabled while this says so (e.g. ids typed with letters); it sees the form as typed so far. */
  submitBlocked?(formData: Partial<Data>): boolean;
  /**
   * A question put to the server as the form is filled in (creating only): once `input` gives a call for the data so
   * far, its answer may refuse the combination (`error`, shown in the form with Submit disabled) or fill in values
   * (`fill`, e.g. a default text). Asked again whenever the call `input` gives changes.
   */
  check?: FormCheck<Data>;
  /** Buttons beside Submit that send the (valid) form data elsewhere and show the answer in a dialog (preview, send test). */
  tools?: FormTool<Data>[];
}

/** See `FormConfig.check`. */
export interface FormCheck<Data = FormData> {
  endpoint: Endpoint;
  /** The call for the data so far, or undefined while it lacks what the check needs. */
  input(formData: Partial<Data>, ctx: ConfigContext): CallInput | undefined;
  /** What the answer means for the form. */
  apply(data: unknown, formData: Partial<Data>): { error?: string; fill?: Partial<Data> };
}

/** See `FormConfig.tools`: a button, its call for the form data, and the answer as labelled texts. */
export interface FormTool<Data = FormData> {
  label: string;
  endpoint: Endpoint;
  input(formData: Data, ctx: ConfigContext): CallInput;
  /** The dialog's title and its labelled texts, from the answer's data. */
  show(data: unknown): { title: string; entries: readonly (readonly [label: string, text: string])[] };
}

/** A header button: a link to another screen, a modal with a create form (the list reads its rows again after a save), or a drawer listing rows. */
export type HeaderButton =
  | { label: string; to: string; primary?: boolean; /** Shown as an error when pressed without a company (the button stays enabled). */ companyMessage?: string }
  | { label: string; modal: FormConfig; primary?: boolean }
  | { label: string; drawer: { title: string; endpoint: Endpoint; columns: ColumnConfig[]; rowKey: string; emptyText: string } };

/**
 * A filter above a list; its value goes to the source call's query under `param`: a choice among fixed options, a
 * choice among options an endpoint answers (in the scope), or a range of days sent as two epoch-millisecond values,
 * the start of the first day and the end of the last (`params`).
 */
export type ListFilter =
  | { kind: 'select'; label: string; param: string; options: readonly { value: string; label: string }[] }
  | { kind: 'remoteSelect'; label: string; param: string; endpoint: Endpoint; valueField: string; labelField: string; fetchError: string }
  | { kind: 'dateRange'; label: string; params: readonly [from: string, to: string] };

/**
 * Paging done by the server: the list sends the page (from 1, unless `pageParams` say otherwise) as `page` and `size` with every read, and the answer
 * holds that page's rows at `rows` and the number of all rows at `total` (dotted paths into the answer's data).
 */
export interface ServerPaging {
  size: number;
  rows: string;
  total: string;
  /** Where `rows` and `total` are read: in the answer's data (default) or in the whole answer (a total beside `data`). */
  from?: 'data' | 'body';
  /** The query parameter of the search text, when the server searches (the list's `search` box). */
  searchParam?: string;
  /** The query parameters of the sort: a column's `sortKey`, and `asc` or `desc`. */
  sortParams?: { sort: string; order: string };
  /** The query parameters of the page and its size (default `page` and `size`) and the first page's number there (default 1). */
  pageParams?: { page: string; size: string; first: 0 | 1 };
}

/**
 * A search box above a list. A list the server pages sends its text as `paging.searchParam`; any other list keeps
 * the rows with the text (any case) in one of `fields` (default: every column) as shown.
 */
export interface ListSearch {
  placeholder: string;
  fields?: string[];
}

/**
 * Rows that open onto what they hold: some of the row's own values as label and value (`fields`, e.g. the call that
 * made an audited change), and a small table of the nested rows at `field` (the change's fields, old and new).
 */
export interface RowDetail {
  fields?: ColumnConfig[];
  field: string;
  rowKey: string;
  columns: ColumnConfig[];
}

/** A list screen; `R` is the type of its rows (`defineList` infers it from the functions' parameters). */
export interface ListConfig<R = Row> {
  kind: 'list';
  path: string;
  title: string;
  menu?: MenuEntry;
  requiresCompany?: boolean;
  /** What the scope lacks besides a company (see `FormConfig.scopeNeeds`): shown in place of the table, nothing read. */
  scopeNeeds?(scope: Scope): string | undefined;
  source: Endpoint;
  /** Read first (in the scope); the source is read once it has a value, which `sourceInput` receives as `ctx.lookup`. */
  lookup?: LookupConfig;
  sourceInput?: (ctx: ConfigContext) => CallInput;
  rowKey: string;
  columns: ColumnConfig<R>[];
  emptyText: string;
  fetchError: string;
  /** Filters above the table; a change reads the first page again. */
  filters?: ListFilter[];
  /** Absent: the source answers every row and the table pages them itself. */
  paging?: ServerPaging;
  search?: ListSearch;
  /** What the rows are, in the count under the table: '1-20 of 604 routes' (default: '1-20 of 604 in all'). */
  noun?: string;
  /** Rows with nested rows open to show them; others do not open. */
  detail?: RowDetail;
  headerButtons?: HeaderButton[];
  /** Small create forms shown above the table (vehicles, materials). */
  inlineForms?: FormConfig[];
  /**
   * Edit on a page (`to`, with `:field` from the row), in a modal (quick edit), or both; disabled for rows
   * `disabledWhen` picks. `state` rides along with the link (history state, so it survives a reload) and reaches
   * the form as `ctx.state`: details of the row a load call wants that the path does not carry.
   */
  edit?: { to?: string; modal?: FormConfig; disabledWhen?(row: R): boolean; state?(row: R): Record<string, unknown> };
  /**
   * More buttons of a row, before Edit: a modal on the row (e.g. 'Show' of a known place opens its map), a call made
   * for the row whose outcome is toasted before the list reads its rows again ('Run now'), or a modal listing rows
   * another call answers for the row (a schedule's runs).
   */
  rowActions?: RowAction<R>[];
  /** Editing rows in place (see {@link InlineEdit}); its Edit, Save and Cancel sit in the action column. */
  inlineEdit?: InlineEdit<R>;
  /** The title of the row actions' column (default 'Action'). */
  actionTitle?: string;
  remove?: {
    endpoint: Endpoint;
    input(row: R): CallInput;
    confirm: string;
    success: string | ((row: R) => string);
    error: string;
  };
}

/** What a row action's modal receives: the row it was opened on, and how to close it. */
export interface RowModalProps<R = Row> {
  row: R;
  onClose: () => void;
}

/** Icons a row action can be drawn as (where a list has many columns): run (a play button) and history (a clock). */
export type RowActionIcon = 'run' | 'history';

/** A row button (see `ListConfig.rowActions`). */
export type RowAction<R = Row> = RowModalAction<R> | RowCallAction<R> | RowRowsAction<R>;

/**
 * A row button that opens a modal on the row: the modal's code loads when a row's button is first pressed (a
 * lazy component, like the engine's views), so a list whose rows never open one never loads it.
 */
export interface RowModalAction<R = Row> {
  kind: 'modal';
  label: string;
  /** Loads the modal component; it is mounted open and calls `onClose` to close. */
  component(): Promise<{ default: ComponentType<RowModalProps<R>> }>;
  /** Rows without a modal to open (the button is disabled), e.g. a place without coordinates. */
  disabledWhen?(row: R): boolean;
}

/**
 * A row button that makes a call for the row (busy while it runs), toasts its outcome and then reads the list's rows
 * again, whatever the outcome (the call may have changed the row, e.g. its last run).
 */
export interface RowCallAction<R = Row> {
  kind: 'call';
  label: string;
  /** Drawn as this icon alone, the label as its name and tooltip (see `RowActionIcon`). */
  icon?: RowActionIcon;
  endpoint: Endpoint;
  /** Path parameters, query and body of the call (the list's scope is added). */
  input(row: R): CallInput;
  /**
   * What a successful answer's data says: toasted as a success (`ok`) or an error. Absent: the server's first
   * message, if any, as a success.
   */
  outcome?(data: unknown, row: R): { ok: boolean; text: string };
  /** Toasted when the call fails and the server says nothing. */
  error: string;
  /** Rows the call is not for (the button is disabled), e.g. an inactive schedule. */
  disabledWhen?(row: R): boolean;
}

/** A row button that opens a modal listing the rows `endpoint` answers for the row (e.g. a schedule's runs). */
export interface RowRowsAction<R = Row> {
  kind: 'rows';
  label: string;
  /** Drawn as this icon alone, the label as its name and tooltip (see `RowActionIcon`). */
  icon?: RowActionIcon;
  /** The modal's title for the row. */
  title(row: R): string;
  endpoint: Endpoint;
  /** The call for the row (the list's scope is added); its answer's data is the list of rows. */
  input(row: R): CallInput;
  rowKey: string;
  /** The modal's columns (downloads and tags included); `R` of these is the listed rows', not the list's. */
  columns: ColumnConfig[];
  emptyText: string;
  fetchError: string;
  disabledWhen?(row: R): boolean;
}

/**
 * A column of a bulk sheet: the row object's key, its header (default: the key), its width in pixels, and whether
 * it is hidden (filled by a row processor, e.g. a geocoded place id; not shown, not exported, not in the format).
 */
export interface SheetColumn {
  key: string;
  title?: string;
  width?: number;
  hidden?: boolean;
}

/** What the server said of one submitted row: saved, or why not (shown in the row's status cell). */
export type SheetRowResult = { ok: true } | { ok: false; message: string };

/**
 * A bulk sheet: a spreadsheet of `columns` plus a status cell per row, filled by typing, pasting or importing a
 * file (xlsx, xls or csv), submitted in one call; each row's status becomes 'Success' (green) or the server's error
 * text (red), 'Remove Success' drops the saved rows and Reset clears the sheet.
 */
export interface SheetConfig<Answer = unknown> extends SheetExtras {
  kind: 'sheet';
  path: string;
  title: string;
  columns: readonly SheetColumn[];
  /** The status column's header (default 'Status'). */
  statusTitle?: string;
  /** What the scope lacks besides a company (see `FormConfig.scopeNeeds`): Submit toasts it and sends nothing. */
  scopeNeeds?(scope: Scope): string | undefined;
  maxRows: number;
  /** Empty rows always kept below the data. */
  spareRows: number;
  /**
   * The 'Please Refer Format' link: downloads a workbook with the headers and an example row, plus one sheet per
   * list of allowed values (e.g. the alert names).
   */
  format?: { label: string; fileName: string; example: Record<string, string>; lists?: readonly { name: string; values: readonly string[] }[] };
  submit: {
    endpoint: Endpoint;
    /** The call for the sheet's data rows (objects keyed by column, cell texts trimmed). */
    input: (rows: Record<string, string>[], ctx: ConfigContext) => CallInput;
    /** Per-row outcome, in the order of `rows`, from the call's answer; absent entries leave the status blank. */
    results(data: Answer | undefined): SheetRowResult[];
    /** Rows per call (default 200): a long sheet goes in a few calls, one after the other. */
    chunkSize?: number;
  };
  messages: {
    noCompany: string;
    empty: string;
    noDataRows: string;
    /** Toast when at least one row was saved, from the saved rows (the server's own message wins when it sends one). */
    success: (saved: Record<string, string>[], ctx: ConfigContext) => string;
    /** Toast when no row was saved (likewise). */
    failure: string;
  };
  /** A 'Back' button to this path (query string kept). */
  back?: string;
}

/** Any screen the router can mount. */
export type ScreenConfig = ListConfig | FormConfig | SheetConfig;

/** Loads a screen's config on demand (the router mounts it once loaded). */
export type ScreenLoader = () => Promise<ScreenConfig>;
