import type { WidgetProps } from '@rjsf/utils';
import { editedRecord } from './uiOptions';

/**
 * The theme's select, disabled while a record is being edited (`formContext.record` set by `FormView`): for a
 * choice that decides the form's shape and cannot change afterwards, such as the auto closure type.
 */
export function EditLockedSelectWidget(props: WidgetProps) {
  const { SelectWidget } = props.registry.widgets;
  const editing = Boolean(editedRecord(props.registry.formContext));
  return <SelectWidget {...props} disabled={props.disabled || editing} />;
}
