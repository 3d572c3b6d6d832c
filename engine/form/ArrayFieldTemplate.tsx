import { Flex } from 'antd';
import { buttonId, getUiOptions, titleId, type ArrayFieldTemplateProps } from '@rjsf/utils';

/** Whether a list entry holds nothing yet: empty text, or an object of empty values. */
const isEmptyEntry = (entry: unknown): boolean =>
  entry === undefined ||
  entry === null ||
  (typeof entry === 'string' && entry.trim() === '') ||
  (typeof entry === 'object' && Object.values(entry).every(isEmptyEntry));

/**
 * A repeatable list of a form: its title as a label above (like every field's), its entries as `RepeatableRow`
 * cards one under the other, and its add button under them. The theme's version draws the browser's fieldset border
 * (hard and dark) round the whole list and a divider under the title.
 */
export function ArrayFieldTemplate({
  canAdd,
  className,
  disabled,
  fieldPathId,
  formData,
  items,
  optionalDataControl,
  onAddClick,
  readonly,
  registry,
  required,
  title,
  uiSchema,
}: ArrayFieldTemplateProps) {
  const options = getUiOptions(uiSchema);
  // `ui:options.addWhenLastFilled`: a new entry only once the last one holds something (recipient rows).
  const entries: unknown[] = Array.isArray(formData) ? formData : [];
  const lastEmpty =
    Boolean(options.addWhenLastFilled) && entries.length > 0 && isEmptyEntry(entries[entries.length - 1]);
  const shownTitle = options.title || title;
  const { AddButton } = registry.templates.ButtonTemplates;
  const labelId = titleId(fieldPathId);
  return (
    <fieldset
      className={['lego-form-array', className].filter(Boolean).join(' ')}
      id={fieldPathId.$id}
      aria-labelledby={shownTitle ? labelId : undefined}
    >
      {shownTitle && (
        <div className="ant-form-item-label lego-form-array-title">
          {/* biome-ignore lint/a11y/noLabelWithoutControl: it names the fieldset (aria-labelledby), no control; a label so that antd styles it as every field's */}
          <label
            id={labelId}
            className={required ? 'ant-form-item-required ant-form-item-no-colon' : 'ant-form-item-no-colon'}
          >
            {shownTitle}
          </label>
        </div>
      )}
      {optionalDataControl}
      <Flex vertical gap="small">
        {items}
        {canAdd && (
          <div>
            <AddButton
              id={buttonId(fieldPathId, 'add')}
              className="rjsf-array-item-add"
              disabled={disabled || readonly || lastEmpty}
              onClick={onAddClick}
              uiSchema={uiSchema}
              registry={registry}
            />
          </div>
        )}
      </Flex>
    </fieldset>
  );
}
