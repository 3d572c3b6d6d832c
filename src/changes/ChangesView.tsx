import { Button, Card, Empty, Flex, Segmented, Table, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import useSWR from 'swr';
import { callEndpoint, endpoint, metaOf } from '../../engine/data/endpoint';
import { EndpointError } from '../../engine/data/useEndpoint';
import { useScope } from '../../engine/scope/useScope';
import { deskTime, useDeskTimeZone } from '../../engine/timeZone';
import { CompanyGate } from '../../engine/views/CompanyGate';
import { proposalCalls, type Proposal } from '../../schemas/api/proposals';
import type { ProposalState } from '../../schemas/proposal';
import type { ChangesConfig } from './config';
import { StateTag } from './states';

const ProposalDrawer = lazy(() => import('./ProposalDrawer').then((m) => ({ default: m.ProposalDrawer })));
const ReviewAreasModal = lazy(() => import('./ReviewAreasModal').then((m) => ({ default: m.ReviewAreasModal })));

const listCall = endpoint(proposalCalls.list);

/** The states the list shows: one, or every state. */
type Shown = ProposalState | 'all';

const SHOWN: { value: Shown; label: string }[] = [
  { value: 'proposed', label: 'Waiting for review' },
  { value: 'approved', label: 'Approved' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'applied', label: 'Applied' },
  { value: 'failed', label: 'Failed' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'withdrawn', label: 'Withdrawn' },
  { value: 'expired', label: 'Expired' },
  { value: 'all', label: 'All' },
];

const PAGE_SIZE = 20;

/**
 * /changes (issue 39): the company's proposals by state, newest first, a page at a time from the server; a row opens
 * the proposal in words (each record's fields now and as proposed, an alert's impact on past trips) with what the desk
 * may do with it: approve or reject another's, apply an approved one now or at a time (IST), withdraw its own. The
 * open proposal is kept in the query string (`proposal`), so a link or a reload opens it again; 'Review settings'
 * says which areas the company changes by review only.
 */
export function ChangesView({ config }: { config: ChangesConfig }) {
  const [scope] = useScope();
  useDeskTimeZone();
  const [params, setParams] = useSearchParams();
  const [shown, setShown] = useState<Shown>('proposed');
  const [page, setPage] = useState(1);
  const [settings, setSettings] = useState(false);
  const open = params.get('proposal');
  const setOpen = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('proposal', id);
      else next.delete('proposal');
      return next;
    });

  const query = { state: shown === 'all' ? undefined : shown, page, size: PAGE_SIZE };
  const input = { scope, query };
  const listed = useSWR<{ rows: Proposal[]; total: number }, EndpointError>(
    scope.companyId ? ['main', listCall.path, JSON.stringify({ c: scope.companyId, ...query })] : null,
    async () => {
      const result = await callEndpoint(listCall, input);
      if (!result.ok) throw new EndpointError(result.messages, result.status);
      const total = metaOf(listCall, result.body).total;
      return { rows: result.data ?? [], total: typeof total === 'number' ? total : 0 };
    },
    { revalidateOnFocus: true, keepPreviousData: true },
  );

  return (
    <Card title={config.title} extra={<Button onClick={() => setSettings(true)}>Review settings</Button>}>
      <CompanyGate ready={Boolean(scope.companyId)}>
        <Flex vertical gap="middle">
          <Typography.Text type="secondary">
            Changes proposed for {scope.companyName ?? 'this company'}: each is reviewed by a second desk, then applied
            at once or at a chosen time, as one change of the audit log that can be reverted.
          </Typography.Text>
          <Segmented<Shown>
            aria-label="Proposals shown"
            value={shown}
            onChange={(value) => {
              setShown(value);
              setPage(1);
            }}
            options={SHOWN}
            style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
          />
          <Table<Proposal>
            rowKey="id"
            size="middle"
            loading={listed.isLoading}
            dataSource={listed.data?.rows ?? []}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={listed.error ? listed.error.message : 'No proposals in this state'}
                />
              ),
            }}
            onRow={(row) => ({ onClick: () => setOpen(row.id), style: { cursor: 'pointer' } })}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total: listed.data?.total ?? 0,
              showSizeChanger: false,
              onChange: setPage,
              showTotal: (total) => `${total} proposal${total === 1 ? '' : 's'}`,
            }}
            columns={[
              {
                title: 'Title',
                dataIndex: 'title',
                ellipsis: true,
                render: (title: string, row) => (
                  <Button type="link" style={{ padding: 0 }} onClick={() => setOpen(row.id)}>
                    {title}
                  </Button>
                ),
              },
              {
                title: 'Changes',
                key: 'items',
                width: 100,
                align: 'right',
                render: (_, row) => row.items.length,
              },
              { title: 'Proposed by', dataIndex: 'proposedByName', width: 170, ellipsis: true },
              { title: 'Proposed', dataIndex: 'proposedAt', width: 190, render: (at: number) => deskTime(at) },
              {
                title: 'State',
                dataIndex: 'state',
                width: 230,
                render: (state: ProposalState, row) => (
                  <Flex vertical gap={2}>
                    <StateTag state={state} style={{ alignSelf: 'flex-start' }} />
                    {state === 'scheduled' && row.applyAt !== null && (
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        at {deskTime(row.applyAt)}
                      </Typography.Text>
                    )}
                  </Flex>
                ),
              },
            ]}
          />
        </Flex>
      </CompanyGate>
      {open && scope.companyId && (
        <Suspense fallback={null}>
          <ProposalDrawer id={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
      {settings && (
        <Suspense fallback={null}>
          <ReviewAreasModal onClose={() => setSettings(false)} />
        </Suspense>
      )}
    </Card>
  );
}
