import { DatePicker, Flex, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useId, type ReactNode } from 'react';
import { useEndpoint } from '../data/useEndpoint';
import { pick } from '../data/pick';
import { DAY_FORMAT, dayStart, wallClock } from '../../schemas/time-format';
import { useDeskTimeZone } from '../timeZone';
import { feedback } from '../feedback';
import { useScope } from '../scope/useScope';
import type { ListFilter } from './types';
import type { FilterValues } from './paging';

/** The date format of the console's date fields (spec 000 section 9). */
const DATE_FORMAT = DAY_FORMAT;

type FilterProps<K extends ListFilter['kind']> = {
  filter: Extract<ListFilter, { kind: K }>;
  id: string;
  values: FilterValues;
  onChange(values: FilterValues): void;
};

/** A filter's label above its control, tied to it for screen readers and tests. */
function Labelled({ id, label, children, width }: { id: string; label: string; children: ReactNode; width: number }) {
  return (
    <Flex vertical gap={4} style={{ width }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        <label htmlFor={id}>{label}</label>
      </Typography.Text>
      {children}
    </Flex>
  );
}

const text = (value: unknown) => (value === undefined || value === null ? undefined : String(value));

function SelectFilter({ filter, id, values, onChange }: FilterProps<'select'>) {
  return (
    <Select
      id={id}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder="All"
      value={text(values[filter.param])}
      options={[...filter.options]}
      onChange={(value) => onChange({ [filter.param]: value ?? undefined })}
    />
  );
}

function RemoteSelectFilter({ filter, id, values, onChange }: FilterProps<'remoteSelect'>) {
  const [scope] = useScope();
  const { data, error, isLoading } = useEndpoint(
    filter.endpoint,
    { scope },
    Boolean(scope.companyId) || filter.endpoint.scoped === false,
  );
  useEffect(() => {
    if (error) feedback.error(filter.fetchError);
  }, [error, filter.fetchError]);
  const options = (Array.isArray(data) ? data : []).map((row) => ({
    value: String(pick(row, filter.valueField)),
    label: String(pick(row, filter.labelField)),
  }));
  return (
    <Select
      id={id}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={isLoading}
      placeholder="All"
      value={text(values[filter.param])}
      options={options}
      onChange={(value) => onChange({ [filter.param]: value ?? undefined })}
    />
  );
}

/** The instant a picked day begins in zone `tz`. */
const startOf = (day: Dayjs, tz: string) => dayStart({ year: day.year(), month: day.month() + 1, day: day.date() }, tz);

/** The day an instant falls on in zone `tz`, as the picker holds days. */
function dayOf(ms: unknown, tz: string): Dayjs | null {
  if (ms == null) return null;
  const { year, month, day } = wallClock(Number(ms), tz);
  return dayjs(`${year}-${month}-${day}`);
}

/** A range of days, sent as the first and last millisecond of those days in the desk's zone (the times shown). */
function DateRangeFilter({ filter, id, values, onChange }: FilterProps<'dateRange'>) {
  const [fromParam, toParam] = filter.params;
  const [zone] = useDeskTimeZone();
  return (
    <DatePicker.RangePicker
      id={{ start: id, end: `${id}-end` }}
      format={DATE_FORMAT}
      placeholder={['From', 'To']}
      allowEmpty={[true, true]}
      value={[dayOf(values[fromParam], zone), dayOf(values[toParam], zone)]}
      onChange={(range) =>
        onChange({
          [fromParam]: range?.[0] ? startOf(range[0], zone) : undefined,
          [toParam]: range?.[1] ? startOf(range[1].add(1, 'day'), zone) - 1 : undefined,
        })
      }
    />
  );
}

/** How wide each kind of filter is drawn. */
const WIDTHS: Record<ListFilter['kind'], number> = { select: 200, remoteSelect: 220, dateRange: 260 };

/** The filters above a list: each a labelled control whose value narrows the rows (see `ListFilter`). */
export function ListFilters({
  filters,
  values,
  onChange,
}: {
  filters: ListFilter[];
  values: FilterValues;
  onChange(values: FilterValues): void;
}) {
  const prefix = useId();
  return (
    <Flex gap="middle" wrap align="end" role="search">
      {filters.map((filter, i) => {
        const id = `${prefix}filter${i}`;
        const props = { id, values, onChange };
        return (
          <Labelled key={filter.label} id={id} label={filter.label} width={WIDTHS[filter.kind]}>
            {filter.kind === 'select' && <SelectFilter filter={filter} {...props} />}
            {filter.kind === 'remoteSelect' && <RemoteSelectFilter filter={filter} {...props} />}
            {filter.kind === 'dateRange' && <DateRangeFilter filter={filter} {...props} />}
          </Labelled>
        );
      })}
    </Flex>
  );
}
