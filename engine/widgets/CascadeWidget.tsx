import { Col, Row, Select } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useMemo, useState } from 'react';
import { useEndpoint } from '../data/useEndpoint';
import { feedback } from '../feedback';
import { isEndpoint, type Endpoint } from '../data/endpoint';
import { isRecord, pick } from '../data/pick';
import { isListOf, isText, optional, required } from './uiOptions';

/** `ui:options` of a cascade: the endpoint and the levels, each narrowing the next. */
export interface CascadeOptions {
  endpoint: Endpoint;
  levels: { field: string; title: string }[];
  valueField: string;
  /** Toast when the rows cannot be loaded. */
  fetchError?: string;
}

const isLevel = (value: unknown): value is CascadeOptions['levels'][number] =>
  isRecord(value) && isText(value.field) && isText(value.title);

/** The cascade's options as its config wrote them; without an endpoint, levels or value field it cannot work, and says so. */
const cascadeOptions = (options: Record<string, unknown>): CascadeOptions => ({
  endpoint: required(options.endpoint, isEndpoint, 'cascade: ui:options.endpoint'),
  levels: required(options.levels, isListOf(isLevel), 'cascade: ui:options.levels'),
  valueField: required(options.valueField, isText, 'cascade: ui:options.valueField'),
  fetchError: optional(options.fetchError, isText),
});

/** Text of a level value; `{value, unit}` objects read as '7 MT'. */
function levelText(value: unknown): string {
  if (isRecord(value) && 'value' in value) return `${value.value} ${value.unit ?? ''}`.trim();
  return String(value ?? '');
}

/** Picks one row of a list by successive choices (body type, then length, then weight); its id is the value. */
export function CascadeWidget({ id, value, onChange, disabled, readonly, options, rawErrors }: WidgetProps) {
  const { endpoint, levels, valueField, fetchError } = cascadeOptions(options);
  const { data, isLoading, error } = useEndpoint(endpoint, {});
  useEffect(() => {
    if (error && fetchError) feedback.error(fetchError);
  }, [error, fetchError]);
  const rows = useMemo(() => (Array.isArray(data) ? data : []), [data]);
  const [choices, setChoices] = useState<string[]>([]);

  useEffect(() => {
    if (!value) return;
    const row = rows.find((r) => String(pick(r, valueField)) === value);
    if (row) setChoices(levels.map((level) => levelText(pick(row, level.field))));
  }, [value, rows, levels, valueField]);
  useEffect(() => {
    if (!value) setChoices((current) => (current.length === levels.length ? [] : current));
  }, [value, levels.length]);

  const choose = (index: number, next: string | undefined) => {
    const picked = [...choices.slice(0, index), ...(next === undefined ? [] : [next])];
    setChoices(picked);
    const match =
      picked.length === levels.length
        ? rows.find((row) => levels.every((level, i) => levelText(pick(row, level.field)) === picked[i]))
        : undefined;
    onChange(match ? String(pick(match, valueField)) : undefined);
  };

  return (
    <Row gutter={8} id={id}>
      {levels.map((level, index) => {
        const candidates = rows.filter((row) =>
          levels.slice(0, index).every((l, i) => levelText(pick(row, l.field)) === choices[i]),
        );
        const values = [...new Set(candidates.map((row) => levelText(pick(row, level.field))))];
        return (
          <Col span={24 / levels.length} key={level.field}>
            <Select
              aria-label={level.title}
              placeholder={level.title}
              loading={isLoading}
              allowClear
              value={choices[index]}
              disabled={disabled || readonly || index > choices.length}
              status={rawErrors?.length ? 'error' : undefined}
              options={values.map((v) => ({ value: v, label: v }))}
              onChange={(next) => choose(index, next ?? undefined)}
              style={{ width: '100%' }}
            />
          </Col>
        );
      })}
    </Row>
  );
}
