import type { ReactNode } from 'react';
import type { Endpoint, CallInput } from '../data/endpoint';
import type { Scope } from '../scope/scope';
import type { ColumnKind } from '../columnKinds';
import type { CellTextName } from '../../schemas/cell-texts';
import type { FormConfig } from '../form/types';
import type { ConfigContext, FieldOf, LookupConfig, MenuEntry, Row } from '../types';
import type { RowAction } from './rowActionTypes';

/**
 * A column of a list. `kind` names its entry in the column registry (`columnKinds` in `columnKinds.ts`; default `text`).
 * `R` is the type of the list's rows (functions are methods, so a config typed for its rows is still a `ColumnConfig`).
 */
export type ColumnConfig<R = Row> = ColumnBase<R> &
  (
    | {
        /** Dotted path into the row, e.g. `origin.google.formatted_address` (see {@link FieldOf}). */
        field: FieldOf<R>;
        value?: undefined;
        text?: undefined;
      }
    | {
        /** The column's own key when `value` derives what it shows (e.g. a 'ticket' switch read from the context). */
        field: string;
        /** Derives the value when it is not a plain path (e.g. the ROUTE_COST entry of a cost list). */
        value(row: R): unknown;
        text?: undefined;
      }
    | {
        /** The column's own key when `text` derives what it shows. */
        field: string;
        value?: undefined;
        /** A named cell text (schemas/cell-texts.ts): derived from the row, the same in a server-written export. */
        text: CellTextName;
      }
  );

/** What every column has besides its field (see {@link ColumnConfig}). */
export interface ColumnBase<R = Row> {
  title: string;
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
  /** How the cell is edited in a row of a list's `inlineEdit` part (required: 'Please Input {title}!'). */
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
    /** The confirmation dialog's title (default 'Enable Configuration', spec 001 section 4) and text. */
    confirmTitle?: string;
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

/** A header button: a link to another screen, a modal with a create form (the list reads its rows again after a save), or a drawer listing rows. */
export type HeaderButton =
  | {
      label: string;
      to: string;
      primary?: boolean /** Shown as an error when pressed without a company (the button stays enabled). */;
      companyMessage?: string;
    }
  | { label: string; modal: FormConfig; primary?: boolean }
  | {
      label: string;
      drawer: { title: string; endpoint: Endpoint; columns: ColumnConfig[]; rowKey: string; emptyText: string };
    };

/**
 * A filter above a list; its value goes to the source call's query under `param`: a choice among fixed options, a
 * choice among options an endpoint answers (in the scope), or a range of days sent as two epoch-millisecond values,
 * the start of the first day and the end of the last (`params`).
 */
export type ListFilter =
  | { kind: 'select'; label: string; param: string; options: readonly { value: string; label: string }[] }
  | {
      kind: 'remoteSelect';
      label: string;
      param: string;
      endpoint: Endpoint;
      valueField: string;
      labelField: string;
      fetchError: string;
    }
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
  /**
   * A list the server keyset-pages: the answer's cursors of the pages after and before (beside `rows`), and the query
   * parameters that read them. The pager's next and previous page are read by cursor from the one shown (through the
   * order's index, without a total: the shown one stays); any other page by number.
   */
  cursors?: { next: string; prev: string; after: string; before: string };
}

/**
 * A search box above a list. A list the server pages sends its text as `paging.searchParam`; any other list keeps
 * the rows with the text (any case) in one of `fields` (default: every column) as shown.
 */
export interface ListSearch {
  placeholder: string;
  /** Columns by their `field` (a derived column's own key included). */
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
  rowKey: FieldOf<R>;
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
  /**
   * Pieces the screen adds to its table (react-table's plugin hooks), e.g. rows that open onto their details
   * (`rowDetail`) or rows edited in place (`inlineEdit`), both in `parts.tsx`.
   */
  parts?: readonly ListPart[];
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

/** What a list part sees of its list. */
export interface ListPartProps {
  columns: readonly ColumnConfig[];
  rowKey: string;
  scope: Scope;
  /** Reads the list's rows again. */
  reload(): unknown;
  /** The list's delete call (its `remove`), if it has one. */
  remove?: ListConfig['remove'];
}

/** What a list part adds to the table; its functions stay the same objects while nothing they show changes. */
export interface ListPartView {
  /** A cell drawn otherwise (e.g. the editor of the row being edited), or undefined for the usual one. */
  renderCell?(column: ColumnConfig, row: Row): ReactNode | undefined;
  /** Buttons of a row in the action column, before the list's own (e.g. Edit, or Save and Cancel). */
  rowActions?(row: Row): ReactNode;
  /** The room `rowActions` needs in the action column, in pixels. */
  actionsWidth?: number;
  /** The row's Delete is not shown (a button of the part stands for it). */
  replacesRemove?: boolean;
  /** Rows that open onto more (antd's `expandable`). */
  expandable?: { rowExpandable(row: Row): boolean; expandedRowRender(row: Row): ReactNode };
}

/** A piece of a list's table (see `ListConfig.parts`): called on every render, in order, so it may use hooks. */
export type ListPart = (list: ListPartProps) => ListPartView;
