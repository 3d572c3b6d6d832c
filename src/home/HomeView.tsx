import { Card, Empty, Flex, Spin, Typography, theme } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { endpoint } from '../../engine/data/endpoint';
import { useEndpoint } from '../../engine/data/useEndpoint';
import { formatCell } from '../../engine/list/columns';
import { combinedName, type Scope } from '../../engine/scope/scope';
import { useScope } from '../../engine/scope/useScope';
import { CompanyGate } from '../../engine/views/CompanyGate';
import { useKeepQuery } from '../../engine/useKeepQuery';
import { auditCalls } from '../../schemas/api/audit';
import { RemoteSearch } from '../shell/RemoteSearch';
import { searchCompanies } from '../shell/lookups';
import type { HomeConfig } from './config';
import { changeInWords, homeCounts, screenOfChange } from './homeModel';

const summaryCall = endpoint(auditCalls.summary);
const auditCall = endpoint(auditCalls.list);

/**
 * /home, where the console opens: with a company chosen, its name, how many records of each kind of its configuration
 * it keeps (each a link to the screen listing them) and its latest changes in words (each a link to where it is
 * seen); without one, a company picker and what to do.
 */
export function HomeView({ config }: { config: HomeConfig }) {
  const [scope, select] = useScope();
  if (!scope.companyId)
    return (
      <Card title={config.title}>
        <Flex vertical gap="middle" style={{ maxWidth: 560 }}>
          <CompanyGate ready={false}>{null}</CompanyGate>
          <Typography.Text>
            Type at least three letters of a company's name here (or in Company above) and choose it: its home shows
            what is configured for it and what changed lately, and the console opens on it next time.
          </Typography.Text>
          <RemoteSearch
            ariaLabel="Company to open"
            placeholder="Company to open"
            search={searchCompanies}
            style={{ width: '100%' }}
            onSelect={(option) =>
              option &&
              select({
                companyId: option.value,
                companyName: option.item.name,
                companyType: option.item.type,
                combinedName: combinedName(option.item.name, option.item.type),
              })
            }
          />
        </Flex>
      </Card>
    );
  return <CompanyHome config={config} scope={scope} />;
}

/** The home of the chosen company (and branch): its counts and its latest changes. */
function CompanyHome({ config, scope }: { config: HomeConfig; scope: Scope }) {
  const { token } = theme.useToken();
  const { link } = useKeepQuery();
  const summary = useEndpoint(summaryCall, { scope });
  const changes = useEndpoint(auditCall, { scope, query: { page: 1, size: config.recent } });
  const counts = useMemo(() => homeCounts(config, summary.data ?? []), [config, summary.data]);
  const name = scope.combinedName ?? scope.companyName ?? scope.companyId;
  const where = scope.branchName ?? scope.branchId;
  return (
    <Card title={where ? `${name} · ${where}` : name}>
      <Flex vertical gap="large">
        <section aria-labelledby="home-configured">
          <Typography.Title level={5} id="home-configured" style={{ marginTop: 0 }}>
            What is configured{where ? ' for this branch' : ''}
          </Typography.Title>
          {summary.isLoading && <Spin aria-label="Counting the configuration" />}
          {summary.error && <Typography.Text type="danger">The configuration could not be counted</Typography.Text>}
          <Flex wrap gap="small" data-testid="home-counts">
            {counts.map((area) => (
              <Link
                key={area.objectType}
                to={link(area.path)}
                style={{
                  minWidth: 180,
                  padding: `${token.paddingXS}px ${token.padding}px`,
                  border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
                  borderRadius: token.borderRadiusLG,
                }}
              >
                <Typography.Text strong style={{ fontSize: token.fontSizeLG }}>
                  {area.count}
                </Typography.Text>{' '}
                {area.label}
              </Link>
            ))}
          </Flex>
        </section>
        <section aria-labelledby="home-recent">
          <Typography.Title level={5} id="home-recent" style={{ marginTop: 0 }}>
            Recent changes
          </Typography.Title>
          {changes.isLoading && <Spin aria-label="Reading the latest changes" />}
          {changes.error && <Typography.Text type="danger">The latest changes could not be read</Typography.Text>}
          {changes.data && changes.data.rows.length === 0 && (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No changes recorded for this company yet" />
          )}
          <ul aria-label="Recent changes" style={{ margin: 0, paddingInlineStart: token.paddingLG }}>
            {changes.data?.rows.map((entry) => (
              <li key={entry.id}>
                <Typography.Text type="secondary">{formatCell('datetime', entry.at)}</Typography.Text>{' '}
                <Link to={link(screenOfChange(config, entry.objectType))}>{changeInWords(entry)}</Link>
              </li>
            ))}
          </ul>
          <Link to={link(config.auditPath)}>Every change in the Audit Log</Link>
        </section>
      </Flex>
    </Card>
  );
}
