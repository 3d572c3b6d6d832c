import type { RegistryFieldsType, RegistryWidgetsType, UiSchema } from '@rjsf/utils';
import { CascadeWidget } from './CascadeWidget';
import { CronScheduleWidget } from './CronScheduleWidget';
import { FilterRowsField } from './FilterRowsField';
import { DateWidget } from './DateWidget';
import { EditLockedSelectWidget } from './EditLockedSelectWidget';
import { LogoField } from './LogoField';
import { PlaceField } from './PlaceField';
import { GeoPointField } from './GeoPointField';
import { RemoteSelectWidget } from './RemoteSelectWidget';
import { SelectWidget } from './SelectWidget';
import { RemoteTagsWidget } from './RemoteTagsWidget';
import { IdListWidget } from './IdListWidget';
import { MenuTreeWidget } from './MenuTreeWidget';
import { TemplateTextWidget } from './TemplateTextWidget';
import { JsonEditorWidget } from './JsonEditorWidget';
import { AutocompleteWidget } from './AutocompleteWidget';

/**
 * The engine's widgets, which configs name in `ui:widget` (besides rjsf's own: text, select, radio, checkbox,
 * hidden...). The app adds its own through `EngineExtensions` (`../extensions.tsx`).
 */
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
  templateText: TemplateTextWidget,
  jsonEditor: JsonEditorWidget,
  autocomplete: AutocompleteWidget,
} as const;

/** The engine's fields, which configs name in `ui:field`; screen-specific ones are the app's (e.g. `src/fields/`). */
export const fields = {
  place: PlaceField,
  geoPoint: GeoPointField,
  logo: LogoField,
  filterRows: FilterRowsField,
} as const;

/** A built-in widget's name. */
export type WidgetName = keyof typeof widgets;
/** A built-in field's name. */
export type FieldName = keyof typeof fields;

/** The widgets and fields a form can name. */
export interface FormRegistry {
  widgets: RegistryWidgetsType;
  fields: RegistryFieldsType;
}

/** The built-in widgets and fields with the app's merged over them, as rjsf merges a form's over its theme's. */
export function formRegistry(extra: Partial<FormRegistry> = {}): FormRegistry {
  return { widgets: { ...widgets, ...extra.widgets }, fields: { ...fields, ...extra.fields } };
}

const BUILT_IN_WIDGETS = new Set([
  'text',
  'textarea',
  'select',
  'radio',
  'checkbox',
  'checkboxes',
  'hidden',
  'updown',
  'range',
  'password',
  'email',
  'uri',
  'date',
  'switch',
]);

/** Throws, naming the config, when a uiSchema names a widget or field that is not registered (default: the built-in ones). */
export function checkUiSchema(
  uiSchema: UiSchema | undefined,
  configName: string,
  registry: FormRegistry = formRegistry(),
): void {
  const visit = (node: unknown, path: string) => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (
        key === 'ui:widget' &&
        typeof value === 'string' &&
        !Object.hasOwn(registry.widgets, value) &&
        !BUILT_IN_WIDGETS.has(value)
      ) {
        throw new Error(
          `Unknown widget "${value}" at ${path || '(root)'} in config "${configName}": ${JSON.stringify(uiSchema)}`,
        );
      }
      if (key === 'ui:field' && typeof value === 'string' && !Object.hasOwn(registry.fields, value)) {
        throw new Error(
          `Unknown field "${value}" at ${path || '(root)'} in config "${configName}": ${JSON.stringify(uiSchema)}`,
        );
      }
      if (key !== 'ui:options') visit(value, path ? `${path}.${key}` : key);
    }
  };
  visit(uiSchema, '');
}
