import { Flex, Select, Typography } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { isRecord } from '../data/pick';
import { isBoolean, isListOf, isText, optional } from './uiOptions';

/** One schedule a picker offers: a cron expression (e.g. Quartz `0 0 3 * * ?`) and its label, optionally grouped. */
export interface CronScheduleChoice {
  cron: string;
  label: string;
  group?: string;
}

/** `ui:options` of the widget: the choices, from the screen config (e.g. `schemas/report-cron.ts`). */
export interface CronScheduleOptions {
  choices: CronScheduleChoice[];
  placeholder?: string;
  /** Show the cron expression of the chosen schedule under the select (default true). */
  showCron?: boolean;
}

const isChoice = (value: unknown): value is CronScheduleChoice =>
  isRecord(value) && isText(value.cron) && isText(value.label) && (value.group === undefined || isText(value.group));

/** The picker's options as its config wrote them (no choices: none; the cron shown unless it says otherwise). */
const cronScheduleOptions = (options: Record<string, unknown>): CronScheduleOptions => ({
  choices: optional(options.choices, isListOf(isChoice)) ?? [],
  placeholder: optional(options.placeholder, isText),
  showCron: optional(options.showCron, isBoolean) ?? true,
});

/** Choices grouped under their headings, in the order given; ungrouped ones stay flat. */
export function groupChoices(choices: CronScheduleChoice[]) {
  const out: (
    | { label: string; value: string }
    | { label: string; title: string; options: { label: string; value: string }[] }
  )[] = [];
  const groups = new Map<string, { label: string; value: string }[]>();
  for (const choice of choices) {
    const option = { label: choice.label, value: choice.cron };
    if (!choice.group) {
      out.push(option);
      continue;
    }
    let group = groups.get(choice.group);
    if (!group) {
      group = [];
      groups.set(choice.group, group);
      out.push({ label: choice.group, title: choice.group, options: group });
    }
    group.push(option);
  }
  return out;
}

/** A searchable schedule picker: the value is the cron expression, the operator sees the labels. */
export function CronScheduleWidget({
  id,
  value,
  onChange,
  onBlur,
  disabled,
  readonly,
  options,
  rawErrors,
  placeholder,
}: WidgetProps) {
  const { choices, placeholder: optionPlaceholder, showCron } = cronScheduleOptions(options);
  const known = choices.some((c) => c.cron === value);
  return (
    <Flex vertical gap={4}>
      <Select
        id={id}
        showSearch
        allowClear
        value={value || undefined}
        placeholder={optionPlaceholder ?? placeholder ?? 'Select timings'}
        disabled={disabled || readonly}
        status={rawErrors?.length ? 'error' : undefined}
        optionFilterProp="label"
        options={[
          ...groupChoices(choices),
          ...(value && !known ? [{ label: String(value), value: String(value) }] : []),
        ]}
        onChange={(next) => onChange(next ?? undefined)}
        onBlur={() => onBlur(id, value)}
        style={{ width: '100%' }}
      />
      {showCron && value && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Cron: <code>{String(value)}</code>
        </Typography.Text>
      )}
    </Flex>
  );
}
