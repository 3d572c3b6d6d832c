import type { UiSchema } from '@rjsf/utils';
import { CascadeWidget } from './CascadeWidget';
import { CronScheduleWidget } from './CronScheduleWidget';
import { FilterRowsField } from './FilterRowsField';
import { DateWidget } from './DateWidget';
import { EditLockedSelectWidget } from './EditLockedSelectWidget';
import { LogoField } from './LogoField';
import { PlaceField } from './PlaceField';
import { RemoteSelectWidget } from './RemoteSelectWidget';
import { SelectWidget } from './SelectWidget';
import { RemoteTagsWidget } from './RemoteTagsWidget';
import { IdListWidget } from './IdListWidget';
import { MenuTreeWidget } from './MenuTreeWidget';
import { SideMenuField } from './SideMenuField';

/** Widgets configs may name in `ui:widget` (besides rjsf's own: text, select, radio, checkbox, hidden...). */
export const widgets = {
  // Replaces the theme's select for every enum and oneOf field (see SelectWidget).
  SelectWidget,
  remoteSelect: RemoteSelectWidget,
  remoteTags: RemoteTagsWidget,
  date: DateWidget,
  cascade: CascadeWidget,
  cronSchedule: CronScheduleWidget,
  editLockedSelect: EditLockedSelectWidget,
  idList: IdListWidget,
  menuTree: MenuTreeWidget,
} as const;

/** Fields configs may name in `ui:field`. */
export const fields = {
  place: PlaceField,
  logo: LogoField,
  filterRows: FilterRowsField,
  sideMenu: SideMenuField,
} as const;

export type WidgetName = keyof typeof widgets;
export type FieldName = keyof typeof fields;

const BUILT_IN_WIDGETS = new Set(['text', 'textarea', 'select', 'radio', 'checkbox', 'checkboxes', 'hidden', 'updown', 'range', 'password', 'email', 'uri', 'date', 'switch']);

/** Throws, naming the config, when a uiSchema names a widget or field that is not registered. */
export function checkUiSchema(uiSchema: UiSchema | undefined, configName: string): void {
  const visit = (node: unknown, path: string) => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'ui:widget' && typeof value === 'string' && !(value in widgets) && !BUILT_IN_WIDGETS.has(value)) {
        throw new Error(`Unknown widget "${value}" at ${path || '(root)'} in config "${configName}": ${JSON.stringify(uiSchema)}`);
      }
      if (key === 'ui:field' && typeof value === 'string' && !(value in fields)) {
        throw new Error(`Unknown field "${value}" at ${path || '(root)'} in config "${configName}": ${JSON.stringify(uiSchema)}`);
      }
      if (key !== 'ui:options') visit(value, path ? `${path}.${key}` : key);
    }
  };
  visit(uiSchema, '');
}
