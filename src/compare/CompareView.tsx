import { Button, Card, Collapse, Empty, Flex, Segmented, Space, Spin, Table, Tag, Typography, theme } from 'antd';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { endpoint } from '../../engine/data/endpoint';
import { useEndpoint } from '../../engine/data/useEndpoint';
import { useScope } from '../../engine/scope/useScope';
import { CompanyGate } from '../../engine/views/CompanyGate';
import { configCopyCalls, type CompareArea, type CompareItem } from '../../schemas/api/config-copy';
import type { CompareState, ConfigArea } from '../../schemas/config-copy';
import { RemoteSearch } from '../shell/RemoteSearch';
import { searchBranches, searchCompanies, type Branch, type Company } from '../shell/lookups';
import { readTarget, writeTarget } from './compareTarget';
import type { CompareConfig } from './config';
import { SideBySide } from './SideBySide';

const CopyPreviewModal = lazy(() => import('./CopyPreviewModal').then((m) => ({ default: m.CopyPreviewModal })));

const compareCall = endpoint(configCopyCalls.compare, { scoped: false });

/** How each state is shown: its tag's colour and words (the side names filled in). */
const STATES: Record<CompareState, { color: string; text: (left: string, right: string) => string }> = {
  left: { color: 'blue', text: (left) => `Only in ${left}` },
  right: { color: 'purple', text: (_, right) => `Only in ${right}` },
  different: { color: 'magenta', text: () => 'Different' },
  same: { color: 'default', text: () => 'Same' },
};

/** Which items the page lists: the differences (default), or every item. */
type Shown = 'differences' | 'all';

/** The key of a chosen item. */
const itemId = (area: ConfigArea, key: string) => `${area}\u0000${key}`;

/**
 * /compare: the company (and branch) of the filter bar on the left, another chosen here on the right (kept in the query
 * string beside the scope, so a reload or a link compares the same two), compared area by area: which items only one
 * side has, which differ (field by field, side by side) and which are the same. Items chosen are copied either way
 * after a preview that writes nothing (`CopyPreviewModal`).
 */
export function CompareView({ config }: { config: CompareConfig }) {
  const [scope] = useScope();
  const { token } = theme.useToken();
  const [params, setParams] = useSearchParams();
  const { company, branch } = readTarget(params);
  const setTarget = (change: Parameters<typeof writeTarget>[1]) => setParams((current) => writeTarget(current, change));
  const [shown, setShown] = useState<Shown>('differences');
  const [toRight, setToRight] = useState(true);
  const [chosen, setChosen] = useState<ReadonlyMap<string, { area: ConfigArea; key: string }>>(new Map());
  const [previewing, setPreviewing] = useState(false);
  const query = {
    c: scope.companyId,
    b: scope.branchId,
    rc: company?.value,
    rb: branch?.value,
  };
  const compared = useEndpoint(compareCall, { query }, Boolean(scope.companyId && company));
  const data = compared.data;
  const source = toRight ? 'left' : 'right';

  /** The items chosen, as the copy calls take them. */
  const items = useMemo(() => [...chosen.values()], [chosen]);
  const choose = (area: ConfigArea, keys: string[], on: boolean) =>
    setChosen((current) => {
      const next = new Map(current);
      for (const key of keys) on ? next.set(itemId(area, key), { area, key }) : next.delete(itemId(area, key));
      return next;
    });

  const { mutate } = compared;
  const closePreview = useCallback(
    (copied: boolean) => {
      setPreviewing(false);
      if (copied) {
        setChosen(new Map());
        void mutate();
      }
    },
    [mutate],
  );

  const copyable = (item: CompareItem) => item.state === source || item.state === 'different';
  const listed = (area: CompareArea) =>
    shown === 'all' ? area.items : area.items.filter((item) => item.state !== 'same');

  return (
    <Card title={config.title}>
      <CompanyGate ready={Boolean(scope.companyId)}>
        <Flex vertical gap="middle">
          <Flex gap="middle" align="center" wrap>
            <Typography.Text>
              Compare <Typography.Text strong>{scope.companyName}</Typography.Text>
              {scope.branchName ? ` · ${scope.branchName}` : ' (company-wide)'} with
            </Typography.Text>
            <RemoteSearch<Company>
              ariaLabel="Compare with company"
              placeholder="Company to compare with"
              value={company ?? undefined}
              search={searchCompanies}
              onSelect={(option) => {
                setTarget({ company: option && { value: option.value, label: option.label } });
                setChosen(new Map());
              }}
            />
            <RemoteSearch<Branch>
              ariaLabel="Compare with branch"
              placeholder="Branch (optional)"
              value={branch ?? undefined}
              disabled={!company}
              search={(text) => searchBranches(company?.value ?? '', text)}
              onSelect={(option) => {
                setTarget({ branch: option && { value: option.value, label: option.label } });
                setChosen(new Map());
              }}
            />
          </Flex>
          {!company && (
            <Typography.Text type="secondary">
              Choose a company to see, area by area, what it has that this one has not, and what differs.
            </Typography.Text>
          )}
          {company && compared.isLoading && <Spin aria-label="Comparing" />}
          {data && (
            <>
              <Flex gap="middle" align="center" wrap justify="space-between">
                <Segmented<Shown>
                  aria-label="Items shown"
                  value={shown}
                  onChange={setShown}
                  options={[
                    { value: 'differences', label: 'Differences' },
                    { value: 'all', label: 'All items' },
                  ]}
                />
                <Space wrap>
                  <Segmented<'right' | 'left'>
                    aria-label="Copy direction"
                    value={toRight ? 'right' : 'left'}
                    onChange={(value) => {
                      setToRight(value === 'right');
                      setChosen(new Map());
                    }}
                    options={[
                      { value: 'right', label: `Copy ${data.left.companyName} → ${data.right.companyName}` },
                      { value: 'left', label: `Copy ${data.right.companyName} → ${data.left.companyName}` },
                    ]}
                  />
                  <Button type="primary" disabled={chosen.size === 0} onClick={() => setPreviewing(true)}>
                    Preview copy{chosen.size > 0 ? ` (${chosen.size})` : ''}
                  </Button>
                </Space>
              </Flex>
              <Collapse
                defaultActiveKey={data.areas.filter((a) => a.items.some((i) => i.state !== 'same')).map((a) => a.area)}
                items={data.areas.map((area) => ({
                  key: area.area,
                  label: (
                    <AreaHeading area={area} names={{ left: data.left.companyName, right: data.right.companyName }} />
                  ),
                  children: area.note ? (
                    <Typography.Text type="secondary">{area.note}</Typography.Text>
                  ) : listed(area).length === 0 ? (
                    <Empty
                      image={Empty.PRESENTED_IMAGE_SIMPLE}
                      description={area.items.length === 0 ? 'Neither has any' : 'The same on both sides'}
                    />
                  ) : (
                    <Table<CompareItem>
                      size="small"
                      rowKey="key"
                      pagination={listed(area).length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
                      dataSource={listed(area)}
                      rowSelection={{
                        selectedRowKeys: area.items
                          .filter((i) => chosen.has(itemId(area.area, i.key)))
                          .map((i) => i.key),
                        getCheckboxProps: (item) => ({
                          disabled: !copyable(item),
                          'aria-label': `Copy ${item.label}`,
                        }),
                        onSelect: (item, on) => choose(area.area, [item.key], on),
                        onSelectAll: (on, _rows, changed) =>
                          choose(
                            area.area,
                            changed.map((item) => item.key),
                            on,
                          ),
                      }}
                      columns={[
                        { title: `Item (${area.key})`, dataIndex: 'label', ellipsis: true },
                        {
                          title: 'State',
                          dataIndex: 'state',
                          width: 220,
                          render: (state: CompareState) => (
                            <Tag color={STATES[state].color}>
                              {STATES[state].text(data.left.companyName, data.right.companyName)}
                            </Tag>
                          ),
                        },
                        {
                          title: 'Fields that differ',
                          width: 150,
                          render: (_, item) => item.fields.filter((f) => f.differs).length,
                        },
                      ]}
                      expandable={{
                        expandedRowRender: (item) => (
                          <SideBySide
                            fields={item.fields}
                            left={data.left.companyName}
                            right={data.right.companyName}
                            marked={token.colorWarningBg}
                          />
                        ),
                      }}
                    />
                  ),
                }))}
              />
            </>
          )}
        </Flex>
      </CompanyGate>
      {previewing && data && (
        <Suspense fallback={null}>
          <CopyPreviewModal
            source={toRight ? data.left : data.right}
            target={toRight ? data.right : data.left}
            items={items}
            onClose={closePreview}
          />
        </Suspense>
      )}
    </Card>
  );
}

/** An area's title with its key and how many items are in each state. */
function AreaHeading({ area, names }: { area: CompareArea; names: { left: string; right: string } }) {
  const count = (state: CompareState) => area.items.filter((item) => item.state === state).length;
  return (
    <Flex gap="small" align="center" wrap>
      <Typography.Text strong>{area.label}</Typography.Text>
      <Typography.Text type="secondary">matched by {area.key}</Typography.Text>
      {area.note ? (
        <Tag>n/a</Tag>
      ) : (
        (['left', 'right', 'different', 'same'] as const)
          .filter((state) => count(state) > 0)
          .map((state) => (
            <Tag key={state} color={STATES[state].color} bordered={false}>
              {count(state)}{' '}
              {state === 'left' ? `only in ${names.left}` : state === 'right' ? `only in ${names.right}` : state}
            </Tag>
          ))
      )}
    </Flex>
  );
}
