import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Button, DatePicker, Flex, Modal, Progress, Segmented, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { BarChart } from '../../engine/chart/BarChart';
import { callEndpoint, endpoint } from '../../engine/data/endpoint';
import type { Scope } from '../../engine/scope/scope';
import { useReturnFocus } from '../../engine/views/useReturnFocus';
import { alertType, showTime } from '../../screens/trip-replay/track';
import { IMPACT_DAYS, IMPACT_SETTINGS, type ImpactStart } from '../../schemas/alert-impact';
import { alertImpactCalls, type ImpactRun, type ImpactTrip } from '../../schemas/api/alert-impact';
import { ImpactTripReplay } from './ImpactTripReplay';
import { DAY_FORMAT } from '../../schemas/time-format';

const startCall = endpoint(alertImpactCalls.start);
const readCall = endpoint(alertImpactCalls.read);
const cancelCall = endpoint(alertImpactCalls.cancel);

/** What a preview says of an alert not computed from pings (its settings change nothing in a preview). */
export const notComputed = (name: string) =>
  `${name} is not computed from trip pings: a preview of its settings shows no change. Alerts computed from pings: ${Object.keys(
    IMPACT_SETTINGS,
  )
    .map((key) => alertType(key).label)
    .join(', ')}.`;

/** What a preview proposes: stored configurations, or rows of the bulk sheet (or the form). */
export type ImpactProposal = Pick<ImpactStart, 'configs' | 'rows'>;

/** The period choices: days back from now, or dates. */
type Period = (typeof IMPACT_DAYS)[number] | 'dates';

/** How often a running preview is read (its progress moves slice by slice). */
const POLL_MS = 400;

/** An alert type and level as the result names it ('Long stoppage L2'). */
const countLabel = (type: string, level: number | null) => `${alertType(type).label}${level ? ` L${level}` : ''}`;

/** A change of a count, signed ('+3', '−2'), as a tag: red for more alerts, blue for fewer. */
function Delta({ before, after }: { before: number; after: number }) {
  const delta = after - before;
  if (delta === 0) return <Typography.Text type="secondary">no change</Typography.Text>;
  return <Tag color={delta > 0 ? 'red' : 'blue'}>{delta > 0 ? `+${delta}` : `−${-delta}`}</Tag>;
}

type CountRow = ImpactRun['counts'][number];

const COUNT_COLUMNS: ColumnsType<CountRow> = [
  { title: 'Alert', key: 'type', render: (_, c) => alertType(c.type).label },
  { title: 'Level', key: 'level', render: (_, c) => c.level ?? '–', width: 70 },
  { title: 'As it is', dataIndex: 'before', width: 100, align: 'right' },
  { title: 'As it would be', dataIndex: 'after', width: 130, align: 'right' },
  { title: 'Change', key: 'change', width: 110, render: (_, c) => <Delta before={c.before} after={c.after} /> },
];

interface ImpactPreviewProps {
  /** The modal's title ('Preview impact: Long stoppage'). */
  title: string;
  /** What is proposed, or null while it cannot be previewed (`blocked` says why). */
  proposal: ImpactProposal | null;
  blocked?: string;
  scope: Scope;
  /** Shown above the period (e.g. the settings being tried). */
  editor?: ReactNode;
  /** Buttons beside Close (e.g. 'Propose change' of the settings tried). */
  actions?: ReactNode;
  onClose(): void;
}

/**
 * 'Preview impact' of alert settings (issue 25): the period (the last 7, 30 or 90 days, or dates), then the preview
 * run on the server over the scope's trips of that period, with its progress (trips done of trips) and Cancel; then
 * the alert counts by type and level as the configuration is and as it would be, as a chart and a table, and the trips
 * whose alerts change, each replayed with both sets marked in the same dialog (Back returns to the result). Nothing is
 * saved; closing the modal cancels a preview still running, so the desk's one preview is free again.
 */
export function ImpactPreviewModal({ title, proposal, blocked, scope, editor, actions, onClose }: ImpactPreviewProps) {
  const [period, setPeriod] = useState<Period>(30);
  const [dates, setDates] = useState<[Dayjs, Dayjs] | null>(null);
  const [run, setRun] = useState<ImpactRun | null>(null);
  const [ranWith, setRanWith] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<readonly string[] | null>(null);
  const [starting, setStarting] = useState(false);
  const [replayed, setReplayed] = useState<ImpactTrip | null>(null);
  const running = run?.status === 'running';
  const proposalKey = JSON.stringify(proposal);

  // A running preview is read until it ends.
  useEffect(() => {
    if (run?.status !== 'running') return;
    let live = true;
    const timer = setTimeout(async () => {
      const read = await callEndpoint(readCall, { scope, params: { id: run.id } }, { quiet: true });
      if (!live) return;
      if (read.ok && read.data) setRun(read.data);
      else setRefusal(read.messages.length ? read.messages : ['The preview could not be read']);
    }, POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [run, scope]);

  // Closing while it runs cancels it (the desk may run one preview at a time).
  const current = useRef<ImpactRun | null>(null);
  current.current = run;
  useEffect(
    () => () => {
      const left = current.current;
      if (left?.status === 'running')
        void callEndpoint(cancelCall, { scope, params: { id: left.id } }, { quiet: true });
    },
    [scope],
  );

  async function start() {
    if (!proposal) return;
    if (period === 'dates' && !dates) {
      setRefusal(['Choose a From and a To date']);
      return;
    }
    setStarting(true);
    setRefusal(null);
    setRun(null);
    const when =
      period === 'dates' && dates
        ? { from: dates[0].startOf('day').valueOf(), to: dates[1].endOf('day').valueOf() }
        : { days: period === 'dates' ? 30 : period };
    const started = await callEndpoint(
      startCall,
      { body: { c: scope.companyId ?? '', b: scope.branchId ?? null, ...when, ...proposal } },
      { quiet: true },
    );
    setStarting(false);
    if (started.ok && started.data) {
      setRun(started.data);
      setRanWith(proposalKey);
    } else setRefusal(started.messages.length ? started.messages : ['The preview could not be started']);
  }

  async function cancel() {
    if (!run) return;
    const cancelled = await callEndpoint(cancelCall, { scope, params: { id: run.id } }, { quiet: true });
    if (cancelled.ok && cancelled.data) setRun(cancelled.data);
  }

  return (
    <Modal
      open
      width={replayed ? 1100 : 980}
      title={title}
      onCancel={onClose}
      footer={
        <Flex gap="small" justify="flex-end">
          {actions}
          <Button onClick={onClose}>Close</Button>
        </Flex>
      }
      destroyOnHidden
    >
      {replayed && run && (
        <ReplayInPlace runId={run.id} tripId={replayed.tripId} scope={scope} onBack={() => setReplayed(null)} />
      )}
      {/* Hidden, not gone, while a trip replays: Back finds the result as it was left (its page of trips). */}
      <Flex vertical gap="middle" style={replayed ? { display: 'none' } : undefined}>
        <Typography.Text type="secondary">
          The company's trips of the period are run through the alert computations twice: with the configuration as it
          is, and as it would be. Nothing is saved.
        </Typography.Text>
        {editor}
        <Flex gap="small" wrap align="center">
          <Segmented<Period>
            aria-label="Period"
            value={period}
            onChange={setPeriod}
            options={[
              ...IMPACT_DAYS.map((days) => ({ value: days, label: `Last ${days} days` })),
              { value: 'dates', label: 'Dates' },
            ]}
          />
          {period === 'dates' && (
            <DatePicker.RangePicker
              aria-label="From and To"
              format={DAY_FORMAT}
              value={dates}
              disabledDate={(day) => day.isAfter(dayjs(), 'day')}
              onChange={(range) => setDates(range?.[0] && range[1] ? [range[0], range[1]] : null)}
            />
          )}
          <Button type="primary" onClick={() => void start()} loading={starting} disabled={!proposal || running}>
            Run preview
          </Button>
          {blocked && <Typography.Text type="secondary">{blocked}</Typography.Text>}
        </Flex>
        {refusal && (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={refusal.length > 1 ? 'The preview was refused' : refusal[0]}
            description={
              refusal.length > 1 ? (
                <ul style={{ margin: 0, paddingLeft: 18 }}>
                  {refusal.map((message) => (
                    <li key={message}>{message}</li>
                  ))}
                </ul>
              ) : undefined
            }
          />
        )}
        {run && running && (
          <Flex gap="middle" align="center" role="status">
            <Progress
              percent={run.total ? Math.floor((run.done / run.total) * 100) : 0}
              style={{ flex: 1, margin: 0 }}
              aria-label="Trips done"
            />
            <Typography.Text>
              Trips done: {run.done} of {run.total}
            </Typography.Text>
            <Button danger onClick={() => void cancel()}>
              Cancel preview
            </Button>
          </Flex>
        )}
        {run?.status === 'cancelled' && <Alert type="info" showIcon title="The preview was cancelled" />}
        {run?.status === 'failed' && (
          <Alert type="error" showIcon role="alert" title={`The preview failed: ${run.error ?? 'no reason given'}`} />
        )}
        {run?.status === 'done' && <ImpactResult run={run} stale={ranWith !== proposalKey} onReplay={setReplayed} />}
      </Flex>
    </Modal>
  );
}

/**
 * A trip of the result replayed in its place, inside the preview's own dialog (no dialog on a dialog): Back, focused
 * first, returns to the result and gives focus back to the trip's Replay.
 */
function ReplayInPlace({
  runId,
  tripId,
  scope,
  onBack,
}: {
  runId: string;
  tripId: string;
  scope: Scope;
  onBack(): void;
}) {
  useReturnFocus();
  return (
    <Flex vertical gap="middle" role="region" aria-label={`Replay of trip ${tripId}`}>
      <Flex gap="middle" align="center">
        <Button icon={<ArrowLeftOutlined />} onClick={onBack} autoFocus>
          Back
        </Button>
        <Typography.Title level={5} style={{ margin: 0 }}>
          Trip {tripId}: alerts as the configuration is and as it would be
        </Typography.Title>
      </Flex>
      <ImpactTripReplay runId={runId} tripId={tripId} scope={scope} />
    </Flex>
  );
}

/** A preview's result: what it covered, the counts as a chart and a table, and the trips whose alerts change. */
function ImpactResult({ run, stale, onReplay }: { run: ImpactRun; stale: boolean; onReplay(trip: ImpactTrip): void }) {
  const before = run.counts.reduce((n, c) => n + c.before, 0);
  const after = run.counts.reduce((n, c) => n + c.after, 0);
  const categories = useMemo(
    () => run.counts.map((c) => ({ label: countLabel(c.type, c.level), values: [c.before, c.after] })),
    [run.counts],
  );
  const tripColumns: ColumnsType<ImpactTrip> = [
    { title: 'Trip ID', dataIndex: 'tripId' },
    { title: 'Vehicle', dataIndex: 'vehicleNumber' },
    { title: 'Started', key: 'startedAt', render: (_, t) => showTime(t.startedAt) },
    { title: 'Alerts', key: 'alerts', render: (_, t) => `${t.before} → ${t.after}` },
    { title: 'Added', dataIndex: 'added', align: 'right' },
    { title: 'Removed', dataIndex: 'removed', align: 'right' },
    { title: 'Changed', dataIndex: 'changed', align: 'right' },
    {
      title: 'Replay',
      key: 'replay',
      render: (_, t) => (
        <Button
          size="small"
          onClick={() => onReplay(t)}
          aria-label={`Replay trip ${t.tripId} with both configurations`}
        >
          Replay
        </Button>
      ),
    },
  ];
  return (
    <Flex vertical gap="middle" data-testid="impact-result">
      {stale && (
        <Alert type="warning" showIcon title="The settings changed since this preview: run it again to see theirs" />
      )}
      <Typography.Text strong>
        {run.total} trip{run.total === 1 ? '' : 's'} started {showTime(run.from)} – {showTime(run.to)}: {before} alerts
        as it is, {after} as it would be ({after - before > 0 ? '+' : after - before < 0 ? '−' : '±'}
        {Math.abs(after - before)});{' '}
        {run.trips.length === 0
          ? 'no trip changes'
          : `${run.trips.length} trip${run.trips.length === 1 ? ' changes' : 's change'}`}
        .
      </Typography.Text>
      {run.counts.length > 0 ? (
        <BarChart
          series={['As it is', 'As it would be']}
          categories={categories}
          label={`Alerts by type and level, as it is and as it would be: ${categories
            .map((c) => `${c.label} ${c.values[0]} then ${c.values[1]}`)
            .join('; ')}`}
        />
      ) : (
        <Typography.Text type="secondary">No alert on these trips, as it is or as it would be.</Typography.Text>
      )}
      <Table<CountRow>
        size="small"
        aria-label="Alert counts"
        rowKey={(c) => `${c.type} ${c.level ?? ''}`}
        columns={COUNT_COLUMNS}
        dataSource={run.counts}
        pagination={false}
        locale={{ emptyText: 'No alerts' }}
      />
      <Typography.Title level={5} style={{ margin: 0 }}>
        Trips whose alerts change
      </Typography.Title>
      <Table<ImpactTrip>
        size="small"
        aria-label="Trips whose alerts change"
        rowKey="tripId"
        columns={tripColumns}
        dataSource={run.trips}
        pagination={run.trips.length > 8 ? { pageSize: 8, size: 'small', showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'No trip would get other alerts' }}
      />
    </Flex>
  );
}
