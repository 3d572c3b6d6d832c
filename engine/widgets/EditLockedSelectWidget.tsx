import type { WidgetProps } from '@rjsf/utils';

/**
 * The theme's select, disabled while a record is being edited (`formContext.record` set by `FormView`): for a
 * choice that decides the form's shape and cannot change afterwards, such as the auto closure type.
 */
export function EditLockedSelectWidget(props: WidgetProps) {
  const { SelectWidget } = props.registry.widgets;
  const editing = Boolean((props.registry.formContext as { record?: unknown } | undefined)?.record);
  return <SelectWidget {...props} disabled={props.disabled || editing} />;
}
