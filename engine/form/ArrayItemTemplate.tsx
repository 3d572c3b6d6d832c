import { ArrowDownOutlined, ArrowUpOutlined, CopyOutlined, DeleteOutlined } from '@ant-design/icons';
import { buttonId, getUiOptions, type ArrayFieldItemTemplateProps, type UIOptionsType } from '@rjsf/utils';
import { RepeatableRow, RowIconButton } from '../widgets/RepeatableRow';

/**
 * What one entry of a repeatable list is called in its buttons' names: the array's `ui:options.itemLabel`, else
 * its add text without 'Add ' ('Add Distance Band' → 'Distance Band'), else 'item'.
 */
export function itemLabel(options: UIOptionsType): string {
  if (typeof options.itemLabel === 'string') return options.itemLabel;
  if (typeof options.addText === 'string') return options.addText.replace(/^\s*(\+\s*)?Add\s+/i, '') || 'item';
  return 'item';
}

/**
 * One entry of a repeatable list of a form, as a `RepeatableRow` card with icon buttons named after the entry
 * ('Delete Distance Band 2', 'Move Rule 1 down'), each with its tooltip. With `ui:options.keepLast` on the array the
 * delete of the only remaining entry is disabled (rjsf itself lets the last entry go even under minItems). The
 * buttons keep rjsf's ids (`root_tabs_0__remove`).
 */
export function ArrayItemTemplate({
  children,
  buttonsProps,
  hasToolbar,
  index,
  totalItems,
  parentUiSchema,
}: ArrayFieldItemTemplateProps) {
  const options = getUiOptions(parentUiSchema);
  const name = `${itemLabel(options)} ${index + 1}`;
  const { fieldPathId, disabled, readonly, hasMoveUp, hasMoveDown, hasCopy, hasRemove } = buttonsProps;
  const off = Boolean(disabled || readonly);
  const keepLast = Boolean(options.keepLast) && totalItems <= 1;
  const id = (button: Parameters<typeof buttonId>[1]) => buttonId(fieldPathId, button);
  const buttons = hasToolbar ? (
    <>
      {(hasMoveUp || hasMoveDown) && (
        <>
          <RowIconButton
            id={id('moveUp')}
            className="rjsf-array-item-move-up"
            label={`Move ${name} up`}
            icon={<ArrowUpOutlined aria-hidden />}
            disabled={off || !hasMoveUp}
            onClick={buttonsProps.onMoveUpItem}
          />
          <RowIconButton
            id={id('moveDown')}
            className="rjsf-array-item-move-down"
            label={`Move ${name} down`}
            icon={<ArrowDownOutlined aria-hidden />}
            disabled={off || !hasMoveDown}
            onClick={buttonsProps.onMoveDownItem}
          />
        </>
      )}
      {hasCopy && (
        <RowIconButton
          id={id('copy')}
          className="rjsf-array-item-copy"
          label={`Copy ${name}`}
          icon={<CopyOutlined aria-hidden />}
          disabled={off}
          onClick={buttonsProps.onCopyItem}
        />
      )}
      {hasRemove && (
        <RowIconButton
          id={id('remove')}
          className="rjsf-array-item-remove"
          label={`Delete ${name}`}
          icon={<DeleteOutlined aria-hidden />}
          danger
          disabled={off || keepLast}
          onClick={buttonsProps.onRemoveItem}
        />
      )}
    </>
  ) : undefined;
  return (
    <RepeatableRow buttons={buttons}>
      <div className="lego-form-array-item">{children}</div>
    </RepeatableRow>
  );
}
