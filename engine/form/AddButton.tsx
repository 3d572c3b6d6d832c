import { getUiOptions, type IconButtonProps } from '@rjsf/utils';
import { AddRowButton } from '../widgets/RepeatableRow';
import { itemLabel } from './ArrayItemTemplate';

/**
 * The add button of a repeatable list, with words on it: the array's `ui:options.addText` (e.g. 'Add Rule'), else
 * 'Add' and its `itemLabel`, else 'Add Item'; the same dashed plus button as every repeatable group's. The theme's
 * button is a bare icon.
 */
export function AddButton({ uiSchema, onClick, disabled, className, id }: IconButtonProps) {
  const options = getUiOptions(uiSchema);
  const label =
    typeof options.addText === 'string'
      ? options.addText
      : typeof options.itemLabel === 'string'
        ? `Add ${itemLabel(options)}`
        : 'Add Item';
  return <AddRowButton id={id} className={className} label={label} onClick={onClick} disabled={disabled} />;
}
