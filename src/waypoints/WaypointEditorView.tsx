import { SearchOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Select, Spin } from 'antd';
// The plain input alone (as the lists' search box): antd's `Input` export carries TextArea, Password, Search, OTP and Group.
import Input from 'antd/es/input/Input';
import { useEffect, useState } from 'react';
import { pick } from '../../engine/data/pick';
import { feedback } from '../../engine/feedback';
import { useScope } from '../../engine/scope/useScope';
import { useRemoteOptions } from '../../engine/widgets/useRemoteOptions';
import { MapView } from '../../engine/map/MapView';
import { CompanyGate } from '../../engine/views/CompanyGate';
import { WAYPOINT_MSG } from '../../schemas/messages';
import type { WaypointEditorConfig } from './config';
import { useWaypointEditor, type WaypointEditor } from './useWaypointEditor';
import { waypointCalls, type WaypointApi } from './waypointApi';
import { WaypointTable } from './WaypointTable';

/** The route select searches from the first letter, its first page shown before any. */
const ROUTE_SEARCH = { param: 'q', minChars: 0, byId: 'id' };

/** A route as the select offers it: its label, and its code when it has one. */
const routeOption = (row: unknown) => ({
  value: String(pick(row, 'id')),
  label: pick(row, 'code') ? `${pick(row, 'label')} (${pick(row, 'code')})` : String(pick(row, 'label')),
});

/**
 * The route dropdown: its empty option is 'Select a route' (spec 000 section 2.5); typing searches the company's
 * routes by label or code on the server, a page at a time, and offers only what it found.
 */
function RouteSelect({ editor }: { editor: WaypointEditor }) {
  const [scope] = useScope();
  const remote = useRemoteOptions({
    endpoint: waypointCalls.routeOptions,
    scope,
    query: {},
    search: ROUTE_SEARCH,
    value: editor.routeId,
    toOption: routeOption,
  });
  useEffect(() => {
    if (remote.error) feedback.error(WAYPOINT_MSG.routesError);
  }, [remote.error]);
  return (
    <Select
      aria-label="Route"
      showSearch={{ filterOption: false, onSearch: remote.setTyped, searchValue: remote.typed }}
      value={editor.routeId}
      options={
        remote.typed.trim() ? remote.options : [{ value: '', label: WAYPOINT_MSG.selectRoute }, ...remote.options]
      }
      loading={remote.loading}
      notFoundContent={remote.emptyText ?? <Spin size="small" />}
      onChange={(id: string) => {
        remote.setTyped('');
        editor.selectRoute(id);
      }}
      onBlur={() => remote.setTyped('')}
      style={{ width: 360 }}
    />
  );
}

/**
 * /way-point (spec 000 sections 2.5 and 4): choose a route, then add, delete and reorder its waypoints, with the map
 * of the route (origin O, the waypoints in sequence, destination D) and its driving directions below.
 */
export function WaypointEditorView({ config, api }: { config: WaypointEditorConfig; api?: WaypointApi }) {
  const editor = useWaypointEditor(api);
  // Narrows the table only (the map keeps the whole route); another route starts unsearched.
  const [search, setSearch] = useState({ routeId: editor.routeId, text: '' });
  const text = search.routeId === editor.routeId ? search.text : '';
  return (
    <Card title={config.title}>
      <CompanyGate ready={editor.ready}>
        <Flex vertical gap="middle">
          <Flex gap="middle" align="center" wrap>
            <RouteSelect editor={editor} />
            <Button type="primary" disabled={!editor.canAdd} onClick={editor.add}>
              +Add
            </Button>
            <Input
              type="search"
              allowClear
              aria-label="Search"
              placeholder="Search label, code or address"
              prefix={<SearchOutlined aria-hidden />}
              value={text}
              disabled={!editor.routeId}
              onChange={(event) => setSearch({ routeId: editor.routeId, text: event.target.value })}
              style={{ maxWidth: 300 }}
            />
          </Flex>
          <WaypointTable editor={editor} search={text} />
          {/* Mounted anew when the route's places arrive: a map opened empty keeps the India view's zoom as the most
              its fits zoom in to (engine/map), so the route would stay a speck. */}
          <MapView markers={editor.markers} directions zoom={config.zoom} />
        </Flex>
      </CompanyGate>
    </Card>
  );
}
