import type { UiSchema } from '@rjsf/utils';
import type { ComponentType } from 'react';
import type { Contract, DataOf, MetaOf } from '../../schemas/api/contract';
import type { CallInput, Endpoint } from '../data/endpoint';
import type { HttpResult } from '../data/http';
import type { ConfigContext, MenuEntry } from '../types';

/** A tool page's field values. */
export type ToolValues = Record<string, unknown>;

/**
 * What an action's call answered, typed from its contract: the answer's data in `result`, the envelope's other fields
 * (`pagination`, `total`) in `meta`, and the page's values when it was made.
 */
export interface ToolAnswer<C extends Contract = Contract> {
  result: HttpResult<DataOf<C>>;
  meta: Partial<MetaOf<C>>;
  values: ToolValues;
}

/**
 * One button of a tool page: it checks the form (unless `validate` is false), makes its call and shows what came
 * back: a toast, and the result box's new content.
 */
export interface ToolAction<C extends Contract = Contract> {
  label: string;
  primary?: boolean;
  /**
   * The call, which may depend on the values (a section read from another path) or on the input made (an entity read
   * from the company's or the branch's path by its id).
   */
  endpoint: Endpoint<C> | ((values: ToolValues, input: CallInput) => Endpoint<C>);
  /** The call's input; may read something first (e.g. the trip's company before a sync). `page` (from 1) for a paged action. */
  input(values: ToolValues, ctx: ConfigContext, page: number): CallInput | Promise<CallInput>;
  /**
   * The answer is one page of `size` (e.g. partners, 20 a page): its `done` gives the `total`, and the result box
   * gets a pager (no size changer) that makes the call again for another page.
   */
  paged?: { size: number };
  /** Disabled (as well as while another call is out) when this says so, e.g. without a company. */
  disabled?(values: ToolValues, ctx: ConfigContext): boolean;
  /** Check the form's rules before calling (default true). */
  validate?: boolean;
  /**
   * What a successful call shows: `toast` (success or info, or several texts) and `show`, the result box's new
   * content (undefined keeps it). `error` turns the answer into a failure (e.g. no data: 'Invalid Trip ID').
   */
  done(answer: ToolAnswer<C> & { result: { ok: true } }): ToolOutcome;
  /** The toast of a failed call, from its messages and status (the result box is emptied). */
  failed(answer: ToolAnswer<C> & { result: { ok: false } }): string | readonly string[];
}

/**
 * A tool button over one call: its answer's type comes from the call's contract (see {@link ToolAnswer}). The page
 * holds its buttons alike; the one assertion here is the contract's promise, which the server suite checks for every
 * answer (tests/server/answer-log.ts), that a success answers the call's `answer`.
 */
export const toolAction = <C extends Contract>(action: ToolAction<C>): ToolAction => action as unknown as ToolAction;

/** What a successful call shows (see {@link ToolAction.done}). */
export interface ToolOutcome {
  success?: string | readonly string[];
  info?: string | readonly string[];
  error?: string | readonly string[];
  show?: unknown;
  /** A line above the result (e.g. 'Entity ID: CMP…'). */
  caption?: string;
  /** How many items there are in all, for a paged action's pager. */
  total?: number;
}

/** What a tool page's {@link ToolConfig.resultView} draws from: the value shown, which action showed it, and the page's values and scope then. */
export interface ToolResultViewProps {
  value: unknown;
  action: string;
  values: ToolValues;
  ctx: ConfigContext;
}

/**
 * A titled block of a tool page's fields: `fields` (properties of the schema, each in one block at most) laid out in
 * `columns` (default: as many as fields, 3 at most); its `reset` button clears only these fields to their initial
 * values, and the result box.
 */
export interface ToolGroup {
  title: string;
  fields: readonly string[];
  reset?: string;
  columns?: number;
}

/**
 * A tool page (kind 'tool'): a small form, buttons that each make a call, and a result box holding JSON with a copy
 * button. Values named in `mirror` live in the query string too (`section=`, `alertKey=`), so a link or a reload
 * keeps them.
 */
export interface ToolConfig {
  kind: 'tool';
  path: string;
  title: string;
  menu?: MenuEntry;
  /** Without a company the page shows 'Select a company to continue' (default false: the page works without one). */
  requiresCompany?: boolean;
  /** The form: a JSON Schema with the fields' rules and messages, and its uiSchema. */
  schema: Record<string, unknown>;
  uiSchema?: UiSchema;
  /** Fields laid out side by side (default 3 columns). */
  columns?: number;
  /** The values a page opens with (e.g. the device time: now). */
  initial?: () => ToolValues;
  /** Field → query-string key, read on load and written on change. */
  mirror?: Record<string, string>;
  /** A 'Reset Filter'-like button that clears the fields and the result box. */
  reset?: string;
  /**
   * Blocks of fields shown together under a title (e.g. a 'Consignor' and a 'Transporter' block), in this order and
   * before the fields of no block; see {@link ToolGroup}.
   */
  groups?: readonly ToolGroup[];
  actions: readonly ToolAction[];
  /**
   * A picture of what an action showed, drawn above the result box (the trip page's replay: map, slider, chart and
   * alerts); it renders nothing for an action it does not draw. Usually `lazy()`, so that its code loads with the
   * first result it draws.
   */
  resultView?: ComponentType<ToolResultViewProps>;
  /** The result box, when the page has one. */
  result?: {
    /** The copy button's label ('Copy trip JSON'). */
    copy: string;
    copied: string;
    copyFailed: string;
    stringifyFailed: string;
    /** Largest height in px before the box scrolls (default 350). */
    maxHeight?: number;
    /** What the box says while empty. */
    empty?: string;
    /** The box is hidden until a call fills it (and again once a call fails). */
    hiddenUntilShown?: boolean;
    /**
     * After these actions (those `resultView` draws) the JSON is folded under a collapsed 'Raw data' disclosure, shown
     * through `readable` (e.g. epoch-ms times as date-times); Copy still copies the answer as it came.
     */
    raw?: { actions: readonly string[]; readable?(value: unknown): unknown };
  };
}
