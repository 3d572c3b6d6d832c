import {
  Alert,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Drawer,
  Flex,
  Input,
  Popconfirm,
  Space,
  Spin,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { callEndpoint, endpoint } from '../../engine/data/endpoint';
import { deskClaim } from '../../engine/data/download';
import { useEndpoint } from '../../engine/data/useEndpoint';
import { feedback } from '../../engine/feedback';
import { useScope } from '../../engine/scope/useScope';
import { deskTime } from '../../engine/timeZone';
import { alertRowOfConfig } from '../../schemas/alert-impact';
import { alertType } from '../../screens/trip-replay/track';
import { proposalCalls, type Proposal, type ProposalChange } from '../../schemas/api/proposals';
import { isRecord } from '../../schemas/guards';
import { PROPOSAL_MSG, type ProposalItem } from '../../schemas/proposal';
import { FieldChanges } from '../compare/SideBySide';
import { refreshProposals } from './refresh';
import { StateTag } from './states';

const ImpactPreviewModal = lazy(() =>
  import('../impact/ImpactPreview').then((m) => ({ default: m.ImpactPreviewModal })),
);

const getCall = endpoint(proposalCalls.get);
const decideCall = endpoint(proposalCalls.decide);
const applyCall = endpoint(proposalCalls.apply);
const withdrawCall = endpoint(proposalCalls.withdraw);

/** India's offset from UTC (no daylight saving): a time chosen in IST as an instant. */
const IST_OFFSET_MS = 330 * 60_000;

/** A wall-clock time picked as IST, as epoch milliseconds. */
const istInstant = (picked: Dayjs) =>
  Date.UTC(picked.year(), picked.month(), picked.date(), picked.hour(), picked.minute()) - IST_OFFSET_MS;

/** Now as IST's wall clock, for the picker (which shows the browser's own zone's fields). */
const istNow = () => {
  const now = new Date(Date.now() + IST_OFFSET_MS);
  return dayjs(
    new Date(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), now.getUTCHours(), now.getUTCMinutes()),
  );
};

/** What an action of a change is, in words. */
const ACTIONS = { create: 'New', update: 'Change', remove: 'Delete' } as const;

/** An alert's change as the impact preview takes it: its settings as proposed and its switch; null for another kind. */
function alertProposal(item: ProposalItem | undefined) {
  const body = isRecord(item?.body) ? item.body : null;
  if (
    item?.resource !== 'alerts' ||
    !body ||
    typeof body.featureKey !== 'string' ||
    typeof body.extraContext !== 'string'
  )
    return null;
  return {
    name: body.featureKey,
    rows: [{ enabled: body.enabled !== false, values: alertRowOfConfig(body.featureKey, body.extraContext) }],
  };
}

/**
 * A proposal in words (issue 39): its state, who proposed and decided it, each change (the record, and each field now
 * and as proposed; an alert's impact on the company's past trips) and what this desk may do: approve or reject
 * another's proposal with a comment, apply an approved one now or schedule it (IST), withdraw its own.
 */
export function ProposalDrawer({ id, onClose }: { id: string; onClose(): void }) {
  const [scope] = useScope();
  const read = useEndpoint(getCall, { scope, params: { id } });
  const [comment, setComment] = useState('');
  const [at, setAt] = useState<Dayjs | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [impact, setImpact] = useState<ReturnType<typeof alertProposal>>(null);
  const me = deskClaim('sub');
  const proposal = read.data?.proposal;
  const changes = read.data?.changes ?? [];

  /** Makes a move of the proposal; on success says so and reads everything showing proposals again. */
  async function act(name: string, call: () => ReturnType<typeof callEndpoint>, done: string) {
    setBusy(name);
    setRefusal(null);
    const result = await call();
    setBusy(null);
    void refreshProposals();
    if (!result.ok) {
      setRefusal(result.messages.join(' ') || 'That could not be done');
      return;
    }
    feedback.success(done);
  }
  const input = { scope, params: { id } };
  const decide = (decision: 'approve' | 'reject') =>
    act(
      decision,
      () => callEndpoint(decideCall, { ...input, body: { decision, comment } }, { quiet: true }),
      decision === 'approve' ? PROPOSAL_MSG.approved : PROPOSAL_MSG.rejected,
    );
  const applyNow = () =>
    act('apply', () => callEndpoint(applyCall, { ...input, body: {} }, { quiet: true }), PROPOSAL_MSG.applied);
  const schedule = () =>
    at &&
    act(
      'schedule',
      () => callEndpoint(applyCall, { ...input, body: { at: istInstant(at) } }, { quiet: true }),
      `${PROPOSAL_MSG.scheduled} for ${at.format('DD/MM/YYYY HH:mm')} IST`,
    );
  const withdraw = () =>
    act('withdraw', () => callEndpoint(withdrawCall, input, { quiet: true }), PROPOSAL_MSG.withdrawn);

  const mine = proposal?.proposedBy === me;
  const open = proposal && ['proposed', 'approved', 'scheduled'].includes(proposal.state);

  return (
    <Drawer open size="large" title={proposal?.title ?? 'Proposal'} onClose={onClose} destroyOnHidden>
      {read.isLoading && <Spin aria-label="Loading the proposal" />}
      {read.error && <Alert type="error" showIcon title={read.error.message} />}
      {proposal && (
        <Flex vertical gap="middle">
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label="State">
              <StateTag state={proposal.state} />
              {proposal.state === 'scheduled' &&
                proposal.applyAt !== null &&
                `applies at ${deskTime(proposal.applyAt)}`}
            </Descriptions.Item>
            <Descriptions.Item label="Proposed">
              by {proposal.proposedByName} · {deskTime(proposal.proposedAt)}
            </Descriptions.Item>
            {proposal.comment ? <Descriptions.Item label="Comment">{proposal.comment}</Descriptions.Item> : null}
            {proposal.decidedAt !== null && (
              <Descriptions.Item label={proposal.state === 'rejected' ? 'Rejected' : 'Approved'}>
                by {proposal.decidedByName} · {deskTime(proposal.decidedAt)}
                {proposal.decisionComment ? `: ${proposal.decisionComment}` : ''}
              </Descriptions.Item>
            )}
            {proposal.appliedAt !== null && (
              <Descriptions.Item label="Applied">
                {deskTime(proposal.appliedAt)} · change set {proposal.changeSet} (revert it from the Audit Log)
              </Descriptions.Item>
            )}
          </Descriptions>
          {proposal.error && (
            <Alert type="error" showIcon title="Not applied: nothing was written" description={proposal.error} />
          )}
          {refusal && <Alert type="error" showIcon title={refusal} closable onClose={() => setRefusal(null)} />}

          <Typography.Title level={5} style={{ margin: 0 }}>
            {changes.length} change{changes.length === 1 ? '' : 's'}
          </Typography.Title>
          {changes.map((change, i) => {
            const alert = alertProposal(proposal.items[change.item]);
            return (
              <ChangeCard
                // biome-ignore lint/suspicious/noArrayIndexKey: a proposal's changes never move: its place is a change's identity
                key={i}
                change={change}
                onImpact={alert ? () => setImpact(alert) : undefined}
              />
            );
          })}

          <Actions
            proposal={proposal}
            mine={mine}
            open={Boolean(open)}
            busy={busy}
            comment={comment}
            setComment={setComment}
            at={at}
            setAt={setAt}
            decide={decide}
            applyNow={applyNow}
            schedule={schedule}
            withdraw={withdraw}
          />
        </Flex>
      )}
      {impact && (
        <Suspense fallback={null}>
          <ImpactPreviewModal
            title={`Preview impact of the proposal: ${alertType(impact.name).label}`}
            proposal={{ rows: impact.rows }}
            scope={scope}
            onClose={() => setImpact(null)}
          />
        </Suspense>
      )}
    </Drawer>
  );
}

/** One change: its kind of record, what it does, the record, and its fields now and as proposed. */
function ChangeCard({ change, onImpact }: { change: ProposalChange; onImpact?: () => void }) {
  return (
    <Card
      size="small"
      title={
        <Space wrap>
          <Tag>{ACTIONS[change.action]}</Tag>
          <Typography.Text strong>{change.resource}</Typography.Text>
          <Typography.Text type="secondary">{change.record ?? 'a new record'}</Typography.Text>
        </Space>
      }
      extra={onImpact && <Button onClick={onImpact}>Preview impact</Button>}
    >
      {change.action === 'remove' ? (
        <Typography.Text>This record is deleted.</Typography.Text>
      ) : change.fields.length === 0 ? (
        <Typography.Text type="secondary">No field differs from the record as it is now.</Typography.Text>
      ) : (
        <FieldChanges changes={change.fields} now="Now" after="As proposed" />
      )}
    </Card>
  );
}

interface ActionsProps {
  proposal: Proposal;
  mine: boolean;
  open: boolean;
  busy: string | null;
  comment: string;
  setComment(text: string): void;
  at: Dayjs | null;
  setAt(at: Dayjs | null): void;
  decide(decision: 'approve' | 'reject'): void;
  applyNow(): void;
  schedule(): void;
  withdraw(): void;
}

/** What this desk may do with the proposal in its state. */
function Actions(props: ActionsProps) {
  const { proposal, mine, open, busy, comment, setComment, at, setAt } = props;
  const n = proposal.items.length;
  const writes = `${n} change${n === 1 ? '' : 's'}`;
  return (
    <Flex vertical gap="small">
      {proposal.state === 'proposed' && mine && (
        <Alert
          type="info"
          showIcon
          title="Waiting for another desk's review: a change you proposed is reviewed by someone else."
        />
      )}
      {proposal.state === 'proposed' && !mine && (
        <Card size="small" title="Your review">
          <Flex vertical gap="small">
            <Input.TextArea
              aria-label="Review comment"
              placeholder="Comment for the proposer (optional)"
              rows={2}
              maxLength={2000}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
            />
            <Space>
              <Button type="primary" loading={busy === 'approve'} onClick={() => props.decide('approve')}>
                Approve
              </Button>
              <Button danger loading={busy === 'reject'} onClick={() => props.decide('reject')}>
                Reject
              </Button>
            </Space>
          </Flex>
        </Card>
      )}
      {(proposal.state === 'approved' || proposal.state === 'scheduled') && (
        <Card size="small" title="Apply">
          <Flex vertical gap="small">
            <Typography.Text type="secondary">
              Each record is checked again first: one changed since the proposal fails it, naming who changed it, and
              nothing is written.
            </Typography.Text>
            <Space wrap>
              <Popconfirm
                title={`Apply ${writes} now?`}
                description="They take effect at once, as one change of the audit log."
                okText="Apply now"
                onConfirm={props.applyNow}
              >
                <Button type="primary" loading={busy === 'apply'}>
                  Apply now
                </Button>
              </Popconfirm>
              <DatePicker
                aria-label="Apply at (IST)"
                showTime={{ format: 'HH:mm' }}
                format="DD/MM/YYYY HH:mm [IST]"
                placeholder="Apply at (IST)"
                value={at}
                onChange={setAt}
                disabledDate={(day) => day.isBefore(istNow(), 'day')}
              />
              <Button disabled={!at} loading={busy === 'schedule'} onClick={props.schedule}>
                {proposal.state === 'scheduled' ? 'Reschedule' : 'Schedule'}
              </Button>
            </Space>
          </Flex>
        </Card>
      )}
      {open && mine && (
        <Popconfirm title="Withdraw this proposal?" okText="Withdraw" onConfirm={props.withdraw}>
          <Button loading={busy === 'withdraw'} style={{ alignSelf: 'flex-start' }}>
            Withdraw
          </Button>
        </Popconfirm>
      )}
    </Flex>
  );
}
