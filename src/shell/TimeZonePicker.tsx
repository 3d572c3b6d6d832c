import { ClockCircleOutlined } from '@ant-design/icons';
import { Button, Popover, Select, theme } from 'antd';
import { useMemo, useState } from 'react';
import { useDeskTimeZone } from '../../engine/timeZone';
import { timeZones, zoneName } from '../../schemas/time-format';

/**
 * The header's time zone setting: a button naming the zone times are shown in ('IST'), which opens a searchable
 * choice of zones. The pick is the desk's (kept across reloads and logouts, engine/timeZone.ts): lists, dialogs
 * and exported files write their times in it.
 */
export function TimeZonePicker() {
  const { token } = theme.useToken();
  const [zone, pickZone] = useDeskTimeZone();
  const [open, setOpen] = useState(false);
  // The zones are listed once the choice first opens (some 400 of them).
  const options = useMemo(
    () => (open ? timeZones().map((tz) => ({ value: tz, label: `${tz} (${zoneName(tz)})` })) : []),
    [open],
  );
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      placement="bottomRight"
      title="Time zone of the times shown and exported"
      content={
        <Select
          aria-label="Time zone"
          showSearch
          autoFocus
          defaultOpen
          style={{ width: 280 }}
          value={zone}
          options={options}
          optionFilterProp="label"
          onChange={(next) => {
            pickZone(next);
            setOpen(false);
          }}
        />
      }
    >
      <Button
        type="link"
        icon={<ClockCircleOutlined />}
        title={`Times are shown in ${zone}: pick another time zone`}
        aria-label={`Time zone ${zoneName(zone)}, ${zone}`}
        style={{ color: token.colorTextLightSolid }}
      >
        {zoneName(zone)}
      </Button>
    </Popover>
  );
}
