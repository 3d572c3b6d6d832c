import { DeleteOutlined } from '@ant-design/icons';
import { Col, Flex, Form, Input, Row, Select } from 'antd';
import type { ErrorSchema, FieldProps } from '@rjsf/utils';
import { isRecord } from '../data/pick';
import { collectErrors } from './PlaceField';
import { AddRowButton, RepeatableRow, RowIconButton } from './RepeatableRow';
import { isText, isTextList, isTextRecord, optional, uiOptions } from './uiOptions';

/** One row as the form keeps it: the field (key), the operator and the value as typed. */
export interface FilterRowValue {
  key?: string;
  operator?: string;
  value?: string;
}

/** `ui:options` of the field: the filterable fields with their types, and the operators of each type. */
export interface FilterRowsOptions {
  /** Field name → type name, e.g. `{current_escalation_level: 'int', alert_type: 'text'}`. */
  fields: Record<string, string>;
  /** Type name → operators offered for it. */
  operators: Record<string, readonly string[]>;
  /** Operators whose value is a comma-separated list (placeholder hint only). */
  listOperators?: readonly string[];
  /** Types whose value is a whole number (numeric keyboard and placeholder). */
  numberTypes?: readonly string[];
  addLabel?: string;
}

const isOperators = (value: unknown): value is Record<string, readonly string[]> =>
  isRecord(value) && Object.values(value).every(isTextList);

/** The field's options as its config wrote them (each left out or malformed: none; the add button's own label). */
const filterRowsOptions = (uiSchema: unknown): Required<FilterRowsOptions> => {
  const options = uiOptions(uiSchema);
  return {
    fields: optional(options.fields, isTextRecord) ?? {},
    operators: optional(options.operators, isOperators) ?? {},
    listOperators: optional(options.listOperators, isTextList) ?? [],
    numberTypes: optional(options.numberTypes, isTextList) ?? [],
    addLabel: optional(options.addLabel, isText) ?? '+ Add More Filter',
  };
};

const filled = (row: FilterRowValue | undefined) => Boolean(row?.key && row.operator && row.value?.trim());

/**
 * Repeatable filter rows: 'Filter n', 'Operator n', 'Value n' and a delete icon ('Delete filter n') on each row, each
 * row a `RepeatableRow` card like every repeatable group of the console (the spec's X). Picking a field resets
 * the row's operator and value and offers the operators of the field's type; a new row can be added only once the
 * last one is filled. With no rows, one empty row is shown.
 */
export function FilterRowsField({
  formData,
  onChange,
  errorSchema,
  fieldPathId,
  disabled,
  readonly,
  uiSchema,
}: FieldProps<FilterRowValue[]>) {
  const { fields, operators, listOperators, numberTypes, addLabel } = filterRowsOptions(uiSchema);
  const stored = Array.isArray(formData) ? formData : [];
  const rows = stored.length ? stored : [{}];
  const locked = disabled || readonly;
  const base = fieldPathId.$id;

  const save = (next: FilterRowValue[]) => onChange(next, fieldPathId.path);
  const update = (index: number, patch: FilterRowValue, reset = false) =>
    save(rows.map((row, i) => (i === index ? (reset ? patch : { ...row, ...patch }) : row)));

  const fieldOptions = Object.keys(fields).map((name) => ({ label: name, value: name }));
  return (
    <Flex vertical gap="small" style={{ width: '100%' }}>
      {rows.map((row, index) => {
        const n = index + 1;
        const type = row.key ? fields[row.key] : undefined;
        const rowErrors: ErrorSchema<FilterRowValue> = errorSchema?.[index] ?? {};
        const keyErrors = collectErrors(rowErrors.key);
        const operatorErrors = collectErrors(rowErrors.operator);
        const valueErrors = collectErrors(rowErrors.value);
        const placeholder =
          row.operator && listOperators.includes(row.operator)
            ? 'Comma separated values'
            : type && numberTypes.includes(type)
              ? 'Whole number'
              : 'Value';
        return (
          <RepeatableRow
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows carry no id; every input of a row is controlled by its value and its ids are by position too
            key={index}
            testId={`filter-row-${n}`}
            buttons={
              <RowIconButton
                label={`Delete filter ${n}`}
                icon={<DeleteOutlined aria-hidden />}
                danger
                disabled={locked}
                onClick={() => save(rows.filter((_, i) => i !== index))}
              />
            }
          >
            <Row gutter={16}>
              <Col xs={24} md={8}>
                <Form.Item
                  label={`Filter ${n}`}
                  htmlFor={`${base}_${index}_key`}
                  validateStatus={keyErrors.length ? 'error' : undefined}
                  help={keyErrors.join(' ') || undefined}
                >
                  <Select
                    id={`${base}_${index}_key`}
                    showSearch
                    allowClear
                    value={row.key}
                    placeholder="Select filter"
                    disabled={locked}
                    options={fieldOptions}
                    optionFilterProp="label"
                    onChange={(key) => update(index, key ? { key } : {}, true)}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item
                  label={`Operator ${n}`}
                  htmlFor={`${base}_${index}_operator`}
                  validateStatus={operatorErrors.length ? 'error' : undefined}
                  help={operatorErrors.join(' ') || undefined}
                >
                  <Select
                    id={`${base}_${index}_operator`}
                    showSearch
                    value={row.operator}
                    placeholder="Select operator"
                    disabled={locked || !type}
                    options={(type ? (operators[type] ?? []) : []).map((op) => ({ label: op, value: op }))}
                    onChange={(operator) => update(index, { operator })}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item
                  label={`Value ${n}`}
                  htmlFor={`${base}_${index}_value`}
                  validateStatus={valueErrors.length ? 'error' : undefined}
                  help={valueErrors.join(' ') || undefined}
                >
                  <Input
                    id={`${base}_${index}_value`}
                    value={row.value ?? ''}
                    placeholder={placeholder}
                    inputMode={type && numberTypes.includes(type) ? 'numeric' : undefined}
                    disabled={locked || !type}
                    onChange={(event) => update(index, { value: event.target.value || undefined })}
                  />
                </Form.Item>
              </Col>
            </Row>
          </RepeatableRow>
        );
      })}
      <div>
        <AddRowButton
          label={addLabel}
          disabled={locked || (rows.length > 0 && !filled(rows[rows.length - 1]))}
          onClick={() => save([...rows, {}])}
        />
      </div>
    </Flex>
  );
}
