import type { ColumnConfig, Row } from '../types';

type Toggle<R> = NonNullable<ColumnConfig<R>['toggle']>;

/** What varies between enable switches: the column, the call and its input, the confirmation's text and the error. */
export interface SwitchColumnSpec<R = Row> extends Pick<ColumnConfig<R>, 'title' | 'field' | 'value'>, Omit<Toggle<R>, 'confirmTitle'> {
  /** The dialog's title; default 'Enable Configuration' (spec 001 section 4). */
  confirmTitle?: string;
}

/**
 * An enable switch column: the switch asks first ('Enable Configuration' unless told otherwise), then stores the new
 * value through `endpoint` and reloads the list (see `SwitchCell`). `R` is the list's row type, as in its other columns.
 */
export function switchColumn<R = Row>({ title, field, value, confirmTitle = 'Enable Configuration', ...toggle }: SwitchColumnSpec<R>): ColumnConfig<R> {
  return { title, field, ...(value ? { value } : {}), kind: 'switch', toggle: { ...toggle, confirmTitle } };
}
