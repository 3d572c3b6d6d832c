import type { ColumnConfig } from '../types';

type Toggle = NonNullable<ColumnConfig['toggle']>;

/** What varies between enable switches: the column, the call and its input, the confirmation's text and the error. */
export interface SwitchColumnSpec extends Pick<ColumnConfig, 'title' | 'field' | 'value'>, Omit<Toggle, 'confirmTitle'> {
  /** The dialog's title; default 'Enable Configuration' (spec 001 section 4). */
  confirmTitle?: string;
}

/**
 * An enable switch column: the switch asks first ('Enable Configuration' unless told otherwise), then stores the new
 * value through `endpoint` and reloads the list (see `SwitchCell`).
 */
export function switchColumn({ title, field, value, confirmTitle = 'Enable Configuration', ...toggle }: SwitchColumnSpec): ColumnConfig {
  return { title, field, ...(value ? { value } : {}), kind: 'switch', toggle: { ...toggle, confirmTitle } };
}
