import { SearchOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Select } from 'antd';
// The plain input alone (as the lists' search box): antd's `Input` export carries TextArea, Password, Search, OTP and Group.
import Input from 'antd/es/input/Input';
import { useState } from 'react';
import { MapView } from '../../engine/map/MapView';
import { CompanyGate } from '../../engine/views/CompanyGate';
import { WAYPOINT_MSG } from '../../schemas/messages';
import type { WaypointEditorConfig } from './config';
import { useWaypointEditor, type WaypointEditor } from './useWaypointEditor';
import type { WaypointApi } from './waypointApi';
import { WaypointTable } from './WaypointTable';

/** The route dropdown: its empty option is 'Select a route' (spec 000 section 2.5); typing filters by label or code. */
function RouteSelect({ editor }: { editor: WaypointEditor }) {
  const options = [
    { value: '', label: WAYPOINT_MSG.selectRoute },
    ...editor.routes.map((route) => ({
      value: route.id,
      label: route.code ? `${route.label} (${route.code})` : route.label,
    })),
  ];
  return (
    <Select
      aria-label="Route"
      showSearch={{ optionFilterProp: 'label' }}
      value={editor.routeId}
      options={options}
      loading={editor.routesLoading}
      onChange={(id: string) => editor.selectRoute(id)}
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
