import { PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Progress, Select, Slider, Spin, Statistic, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { TimeChart, type TimeBand } from '../../engine/chart/TimeChart';
import { endpoint } from '../../engine/data/endpoint';
import { useEndpoint } from '../../engine/data/useEndpoint';
import { ROUTE_MAP_ZOOM, routeMarkers } from '../../engine/map/markers';
import type { MapMarker } from '../../engine/map/types';
import { useMap } from '../../engine/map/useMap';
import type { ToolResultViewProps } from '../../engine/tool/types';
import { isOneOf, isRecord, keysOf } from '../../schemas/guards';
import type { LatLng } from '../../schemas/haversine';
import { tripCalls, type TripAlert } from '../../schemas/api/trips';
import { tripScopeOf } from '../../schemas/trip';
import { useDeskTimeZone } from '../../engine/timeZone';
import {
  type AlertChange,
  alertsIn,
  alertType,
  type ComparedAlert,
  compareAlerts,
  DRAWN_ACTIONS,
  figuresOf,
  positionAt,
  readTrack,
  showDuration,
  showMeasure,
  showTime,
  stopsOf,
  type Track,
} from './track';

const UPDATED = 'Replay with Updated config';

/** How fast play runs: trip time per second. */
const SPEEDS = [
  { value: 60, label: '1 min/s' },
  { value: 300, label: '5 min/s' },
  { value: 900, label: '15 min/s' },
  { value: 3600, label: '1 h/s' },
] as const;

/** Shading of stops on the chart, and an alert's (its type's colour, translucent). */
const STOP_SHADE = 'rgba(140, 140, 140, 0.3)';
const translucent = (hex: string) => `${hex}33`;

const CHANGE_TAGS: Record<AlertChange, { label: string; color: string }> = {
  added: { label: 'Added', color: '#389e0d' },
  removed: { label: 'Removed', color: '#cf1322' },
  changed: { label: 'Changed', color: '#d48806' },
  same: { label: 'Same', color: '#bfbfbf' },
};

/** The planned path of a trip_details answer (origin, waypoints, destination). */
export function plannedPath(details: unknown): LatLng[] {
  if (!isRecord(details) || !Array.isArray(details.path)) return [];
  return details.path.flatMap((p) =>
    isRecord(p) && typeof p.lat === 'number' && typeof p.lng === 'number' ? [{ lat: p.lat, lng: p.lng }] : [],
  );
}

/** The markers of the plan ('O', '1'…, 'D') and of each alert (a dot of its type's colour) at its place. */
function markersOf(path: LatLng[], alerts: readonly ComparedAlert[]): MapMarker[] {
  const place = (p: LatLng, title: string) => ({ ...p, title });
  const plan =
    path.length > 0
      ? routeMarkers({
          origin: place(path[0], 'Origin'),
          waypoints: path.slice(1, -1).map((p, i) => place(p, `Waypoint ${i + 1}`)),
          destination: path.length > 1 ? place(path[path.length - 1], 'Destination') : null,
        })
      : [];
  return [
    ...plan,
    ...alerts.map(
      (alert): MapMarker => ({
        position: { lat: alert.lat, lng: alert.lng },
        label: '',
        kind: 'alert',
        color: alertType(alert.type).color,
        title: `${alertType(alert.type).label}${alert.change ? ` (${CHANGE_TAGS[alert.change].label.toLowerCase()})` : ''}, ${showTime(alert.start)}, ${showMeasure(alert)}`,
      }),
    ),
  ];
}

/**
 * A trip watched (issue 23 point 1), drawn above the trip page's JSON (folded as 'Raw data' then) for 'Replay', 'Replay with Updated config' and
 * 'Show Analytics': the figures, a map with the planned path, the driven track, the plan's places and each alert, a
 * time slider with play, pause and speed moving the vehicle along the track, a speed chart with stops and alerts
 * shaded, and the alerts' table (a click moves the map and the slider there). After 'Replay with Updated config' each
 * alert says whether the new configuration added, removed or changed it against the configuration the trip started with.
 */
export default function TripReplay({ value, action, values, ctx }: ToolResultViewProps) {
  const drawn = isOneOf(keysOf(DRAWN_ACTIONS), action) ? DRAWN_ACTIONS[action] : null;
  const tripId = String(values.tripId ?? '').trim();
  const query = tripScopeOf(ctx.scope);
  const alerts = useMemo(() => alertsIn(value), [value]);
  const enabled = drawn !== null && alerts !== null && tripId !== '';
  const details = useEndpoint(
    endpoint(tripCalls.tripSection),
    { params: { tripId, section: 'trip_details' }, query },
    enabled,
  );
  const pings = useEndpoint(endpoint(tripCalls.tripLocations), { params: { tripId }, query }, enabled);
  const baseline = useEndpoint(
    endpoint(tripCalls.replay),
    { params: { tripId }, query },
    enabled && action === UPDATED,
  );
  // Read once per answer: the page re-renders on every keystroke of its form, and 10,000 pings are worth keeping.
  const track = useMemo(() => (pings.data ? readTrack(pings.data) : null), [pings.data]);
  const path = useMemo(() => plannedPath(details.data), [details.data]);
  const compared = useMemo(
    () => (alerts && action === UPDATED && baseline.data ? compareAlerts(baseline.data.alerts, alerts) : alerts),
    [alerts, action, baseline.data],
  );
  if (!enabled || !compared) return null;
  const title = `Trip ${tripId}: ${drawn}`;
  if (details.error || pings.error) return <Alert type="warning" showIcon title="The trip's track could not be read" />;
  if (!details.data || !track || (action === UPDATED && !baseline.data && !baseline.error))
    return (
      <Card size="small" title={title}>
        <Spin />
      </Card>
    );
  return (
    <TripPicture
      key={`${tripId} ${action}`}
      title={title}
      analytics={action === 'Show Analytics'}
      track={track}
      path={path}
      alerts={compared}
    />
  );
}

interface PictureProps {
  title: string;
  analytics: boolean;
  track: Track;
  path: LatLng[];
  alerts: readonly ComparedAlert[];
}

export function TripPicture({ title, analytics, track, path, alerts }: PictureProps) {
  // Its times are drawn again when the desk picks another zone in the header.
  useDeskTimeZone();
  const stops = useMemo(() => stopsOf(track), [track]);
  const figures = useMemo(
    () =>
      figuresOf(
        track,
        stops,
        alerts.filter((a) => a.change !== 'removed'),
      ),
    [track, stops, alerts],
  );
  const start = track.times[0] ?? 0;
  const end = track.times[track.times.length - 1] ?? start;
  const [time, setTime] = useState(start);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<number>(900);
  const compared = alerts.some((a) => a.change !== undefined);

  // Play: the time moves on `speed` trip seconds per second, frame by frame, and stops at the end.
  useEffect(() => {
    if (!playing) return;
    let last = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      // A frame's time may be a little before the effect's first reading: never step back.
      const elapsed = Math.max(0, now - last);
      last = now;
      setTime((t) => Math.min(end, Math.max(start, t + elapsed * speed)));
      frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing, speed, start, end]);
  // Play stops at the trip's end.
  useEffect(() => {
    if (playing && time >= end) setPlaying(false);
  }, [playing, time, end]);

  const element = useRef<HTMLElement>(null);
  // Opened on the whole trip, so that the base map is drawn once, at that view.
  const whole = useMemo(() => [...track.points, ...path], [track, path]);
  const mounted = useMap(element, { zoom: ROUTE_MAP_ZOOM, first: track.points[0] ?? path[0], fit: whole });
  const map = mounted.state === 'ready' ? mounted.instance : null;
  // The map opens on the whole trip (a picture is drawn for one trip): an operator's zoom or pan stays afterwards.
  useLayoutEffect(() => {
    map?.drawTrack({ driven: track.points, planned: path });
  }, [map, track, path]);
  useLayoutEffect(() => {
    map?.setMarkers(markersOf(path, alerts));
  }, [map, path, alerts]);
  const position = positionAt(track, time);
  useLayoutEffect(() => {
    map?.setCursor(position, 'Vehicle');
  }, [map, position]);

  const bands = useMemo<TimeBand[]>(
    () => [
      ...stops.map((stop) => ({ start: stop.start, end: stop.end, color: STOP_SHADE })),
      ...alerts
        .filter((a) => a.change !== 'removed')
        .map((a) => ({ start: a.start, end: a.end ?? end, color: translucent(alertType(a.type).color) })),
    ],
    [stops, alerts, end],
  );
  const speedSeries = useMemo(() => ({ label: 'Speed (km/h)', values: track.speeds, color: '#1677ff' }), [track]);

  const select = useCallback(
    (alert: TripAlert) => {
      setPlaying(false);
      setTime(Math.min(end, Math.max(start, alert.start)));
      map?.panTo({ lat: alert.lat, lng: alert.lng });
    },
    [map, start, end],
  );
  const seek = useCallback((t: number) => setTime(Math.min(end, Math.max(start, t))), [start, end]);

  if (track.times.length === 0)
    return (
      <Card size="small" title={title}>
        <Alert type="info" showIcon title="This trip has no location pings yet: there is no track to draw" />
      </Card>
    );

  return (
    <Card size="small" title={title} data-testid="trip-replay">
      <Flex vertical gap="middle">
        <Figures
          figures={figures}
          alerts={alerts.length}
          baseline={compared ? alerts.filter((a) => a.change !== 'added').length : undefined}
          analytics={analytics}
        />
        <Spin spinning={mounted.state === 'loading'}>
          <section
            ref={element}
            data-testid="trip-map"
            data-map-state={mounted.state}
            aria-label="Trip map"
            style={{ height: 420, width: '100%', borderRadius: 6, overflow: 'hidden' }}
          />
        </Spin>
        {mounted.state === 'failed' && <Alert type="warning" showIcon title="The map could not be loaded" />}
        <Flex gap="middle" align="center" wrap>
          <Button
            icon={playing ? <PauseCircleOutlined aria-hidden /> : <PlayCircleOutlined aria-hidden />}
            onClick={() => {
              if (!playing && time >= end) setTime(start);
              setPlaying(!playing);
            }}
          >
            {playing ? 'Pause' : 'Play'}
          </Button>
          <Select
            aria-label="Speed"
            value={speed}
            onChange={setSpeed}
            options={SPEEDS.map((s) => ({ value: s.value, label: s.label }))}
            style={{ width: 110 }}
          />
          <Typography.Text strong data-testid="replay-time" style={{ minWidth: 130 }}>
            {showTime(time)}
          </Typography.Text>
          <Slider
            ariaLabelForHandle="Trip time"
            style={{ flex: 1, minWidth: 200 }}
            min={start}
            max={end}
            step={60_000}
            value={time}
            onChange={(t) => {
              setPlaying(false);
              setTime(t);
            }}
            tooltip={{ formatter: (t) => (t === undefined ? '' : showTime(t)) }}
          />
        </Flex>
        <TimeChart
          times={track.times}
          series={speedSeries}
          bands={bands}
          cursor={time}
          onSeek={(t) => {
            setPlaying(false);
            seek(t);
          }}
          label="Speed over the trip's time, with stops shaded grey and alerts in their type's colour"
        />
        <Legend stops={stops.length > 0} alerts={alerts} />
        <AlertTable alerts={alerts} compared={compared} onSelect={select} />
      </Flex>
    </Card>
  );
}

/** The trip's figures: distance, duration, stops, top speed and alerts; the analytics add the alerts by type as bars. */
function Figures({
  figures,
  alerts,
  baseline,
  analytics,
}: {
  figures: ReturnType<typeof figuresOf>;
  alerts: number;
  /** Two sets compared: the count of the baseline's alerts (the configuration as it is), shown before the new one. */
  baseline?: number;
  analytics: boolean;
}) {
  const most = Math.max(1, ...figures.alertsByType.map((a) => a.count));
  const count = figures.alertsByType.reduce((sum, a) => sum + a.count, 0);
  return (
    <Flex vertical gap="small">
      <Flex gap="large" wrap data-testid="trip-figures">
        <Statistic title="Distance driven" value={figures.distanceKm} suffix="km" />
        <Statistic title="Duration" value={showDuration(figures.durationMs)} />
        <Statistic title="Stops" value={figures.stops} suffix={`(${showDuration(figures.stoppedMs)})`} />
        <Statistic title="Top speed" value={figures.topSpeed} suffix="km/h" />
        {baseline === undefined ? (
          <Statistic title="Alerts" value={count} />
        ) : (
          <Statistic title="Alerts, before → after" value={`${baseline} → ${count}`} />
        )}
      </Flex>
      {analytics && alerts > 0 && (
        <Flex vertical gap={4} data-testid="alerts-by-type" style={{ maxWidth: 520 }}>
          <Typography.Text strong>Alerts by type</Typography.Text>
          {figures.alertsByType.map(({ type, count }) => (
            <Flex key={type} gap="small" align="center">
              <Typography.Text style={{ width: 140 }}>{alertType(type).label}</Typography.Text>
              <Progress
                percent={(count / most) * 100}
                strokeColor={alertType(type).color}
                status="normal"
                format={() => count}
                aria-label={`${alertType(type).label}: ${count}`}
              />
            </Flex>
          ))}
        </Flex>
      )}
    </Flex>
  );
}

/** The chart's key: stops, and each alert type present. */
function Legend({ stops, alerts }: { stops: boolean; alerts: readonly ComparedAlert[] }) {
  const types = [...new Set(alerts.map((a) => a.type))];
  return (
    <Flex gap="small" wrap>
      {stops && <Swatch color={STOP_SHADE} label="Stop" />}
      {types.map((type) => (
        <Swatch key={type} color={alertType(type).color} label={alertType(type).label} />
      ))}
    </Flex>
  );
}

/** A tag of the theme's text with a square of `color` before it: readable in light and dark, whatever the colour. */
function Swatch({ color, label }: { color: string; label: string }) {
  return (
    <Tag>
      <span
        aria-hidden
        style={{ display: 'inline-block', width: 10, height: 10, marginRight: 6, borderRadius: 2, background: color }}
      />
      {label}
    </Tag>
  );
}

/** The alerts with readable times (memoized: a slider step does not render it again). */
const AlertTable = memo(function AlertTable({
  alerts,
  compared,
  onSelect,
}: {
  alerts: readonly ComparedAlert[];
  compared: boolean;
  onSelect(alert: TripAlert): void;
}) {
  const columns: ColumnsType<ComparedAlert> = [
    ...(compared
      ? [
          {
            title: 'Change',
            key: 'change',
            render: (_: unknown, a: ComparedAlert) =>
              a.change && <Swatch color={CHANGE_TAGS[a.change].color} label={CHANGE_TAGS[a.change].label} />,
          },
        ]
      : []),
    {
      title: 'Alert',
      key: 'type',
      render: (_, a) => <Swatch color={alertType(a.type).color} label={alertType(a.type).label} />,
    },
    { title: 'Level', key: 'level', render: (_, a) => a.level ?? '–' },
    { title: 'Start', key: 'start', render: (_, a) => showTime(a.start) },
    { title: 'End', key: 'end', render: (_, a) => (a.end === null ? 'Still on' : showTime(a.end)) },
    { title: 'Duration', key: 'duration', render: (_, a) => (a.end === null ? '–' : showDuration(a.end - a.start)) },
    {
      title: 'Measure',
      key: 'measure',
      render: (_, a) =>
        a.before && a.before.value !== a.value ? `${showMeasure(a.before)} → ${showMeasure(a)}` : showMeasure(a),
    },
  ];
  return (
    <Table<ComparedAlert>
      size="small"
      aria-label="Alerts"
      rowKey={(a) => `${a.type} ${a.start} ${a.change ?? ''}`}
      columns={columns}
      dataSource={[...alerts]}
      pagination={alerts.length > 8 ? { pageSize: 8, size: 'small', showSizeChanger: false } : false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: 'No alerts on this trip' }}
      onRow={(alert) => ({
        onClick: () => onSelect(alert),
        onKeyDown: (event) => event.key === 'Enter' && onSelect(alert),
        tabIndex: 0,
        style: { cursor: 'pointer' },
        'aria-label': `${alertType(alert.type).label} at ${showTime(alert.start)}: show on the map`,
      })}
    />
  );
});
