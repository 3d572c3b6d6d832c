import type { ComponentType } from 'react';
import type { Contract, DataOf } from '../../schemas/api/contract';
import type { CallInput, Endpoint } from '../data/endpoint';
import type { ActionQuestion, Row } from '../types';
import type { ColumnConfig } from './types';

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
  /** Rows that do not offer the button at all (it is not drawn), e.g. an entry the system made. */
  hiddenWhen?(row: R): boolean;
}

/**
 * A row button that makes a call for the row (busy while it runs), toasts its outcome and then reads the list's rows
 * again, whatever the outcome (the call may have changed the row, e.g. its last run).
 */
export interface RowCallAction<R = Row, C extends Contract = Contract> {
  kind: 'call';
  label: string;
  /** Drawn as this icon alone, the label as its name and tooltip (see `RowActionIcon`). */
  icon?: RowActionIcon;
  endpoint: Endpoint<C>;
  /** Path parameters, query and body of the call (the list's scope is added). */
  input(row: R): CallInput;
  /**
   * What a successful answer's data says: toasted as a success (`ok`) or an error. Absent: the server's first
   * message, if any, as a success.
   */
  outcome?(data: DataOf<C> | undefined, row: R): { ok: boolean; text: string };
  /** Toasted when the call fails and the server says nothing. */
  error: string;
  /** Rows the call is not for (the button is disabled), e.g. an inactive schedule. */
  disabledWhen?(row: R): boolean;
  /** Rows that do not offer the button at all (it is not drawn), e.g. an entry the system made. */
  hiddenWhen?(row: R): boolean;
  /** What the call will do for the row, asked first (a run that mails its recipients); null runs it at once. */
  confirm?(row: R): ActionQuestion | null;
}

/**
 * A row call typed by its call: `outcome` receives the answer the call's contract declares. The list holds its row
 * buttons alike; the one assertion here is the contract's promise, which the server suite checks for every answer
 * (tests/server/answer-log.ts), that a success answers the call's `answer`.
 */
export const rowCall = <R, C extends Contract>(action: RowCallAction<R, C>): RowCallAction<R> =>
  action as unknown as RowCallAction<R>;

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
  /** Rows that do not offer the button at all (it is not drawn), e.g. an entry the system made. */
  hiddenWhen?(row: R): boolean;
}
