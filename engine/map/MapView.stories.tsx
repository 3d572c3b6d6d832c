import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { mapCalls } from '../../schemas/api/maps';
import { parseLatLng, parseWaypoints } from '../../schemas/directions';
import { parseOsrmRoute, straightDirections } from '../../server/routing/directions';
import osrmChakanMumbai from '../../server/routing/fixtures/osrm-chakan-mumbai.json';
import { fixtureKey, ok, type ApiRequest } from '../../src/stories/storyApi';
import { PLACE_MAP_ZOOM, placeMarker, ROUTE_MAP_ZOOM, routeMarkers } from './markers';
import { MapView } from './MapView';
import type { MarkerMoved } from './types';

/** Points of the request, as the platform API reads them. */
const requestPoints = ({ query }: ApiRequest) => [
  parseLatLng(query.get('origin') ?? ''),
  ...(parseWaypoints(query.get('waypoints') ?? '') ?? []),
  parseLatLng(query.get('destination') ?? ''),
];

/** The platform API without SERVICE_ROUTING_URL: straight legs marked as estimates. */
const straightApi = {
  [fixtureKey(mapCalls.directions)]: (request: ApiRequest) => ok(straightDirections(requestPoints(request))),
};
/** The platform API with an OSRM server: the recorded road route Chakan → Pune → Mumbai. */
const osrmApi = {
  [fixtureKey(mapCalls.directions)]: (request: ApiRequest) =>
    ok(parseOsrmRoute(osrmChakanMumbai, requestPoints(request))),
};

const chakan = { lat: 18.750621, lng: 73.87719, title: 'Tata Steel Chakan Service Centre, Chakan, Pune' };
const pune = { lat: 18.5204, lng: 73.8567, title: 'Pune Hub, Shivajinagar, Pune' };
const lonavala = { lat: 18.7537, lng: 73.4062, title: 'Lonavala Checkpost, Lonavala' };
const mumbai = { lat: 19.076, lng: 72.8777, title: 'Bhiwandi Warehouse, Mumbai' };
const jamshedpur = { lat: 22.822903, lng: 86.21501, title: 'Tata Steel Works, Jamshedpur' };
const kolkata = { lat: 22.5726, lng: 88.3639, title: 'Kolkata Port, Kolkata' };

const meta = {
  title: 'Engine/Map/MapView',
  component: MapView,
  args: { markers: [], height: 400 },
  parameters: {
    docs: {
      description: {
        component:
          "A map with markers and, optionally, the directions through them, on Google Maps when a key is configured, else the offline map of India. Legs without a routing service are drawn straight and labelled 'Straight-line estimate'.",
      },
    },
    api: straightApi,
  },
} satisfies Meta<typeof MapView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A map a route screen opens before a place is chosen: India, states and major towns of the offline base map. */
export const Empty: Story = { args: { zoom: ROUTE_MAP_ZOOM } };

/** A route's waypoints without a router: O, 1, 2, D and straight legs labelled as estimates, never as roads. */
export const RouteStraightLine: Story = {
  args: {
    markers: routeMarkers({ origin: chakan, waypoints: [pune, lonavala], destination: mumbai }),
    directions: true,
    zoom: ROUTE_MAP_ZOOM,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Straight-line estimate')).toBeInTheDocument();
    await expect(canvas.getByText(/^O → 1: 25\.7 km/)).toBeInTheDocument();
    const pins = [...canvasElement.querySelectorAll('.lego-map-pin-label')].map((pin) => pin.textContent);
    await expect(pins).toEqual(['O', '1', '2', 'D']);
    await expect(canvas.getByTitle(chakan.title)).toBeInTheDocument();
  },
};

/** With an OSRM server: the road route, its distances and driving times, no estimate label. */
export const RouteByRoad: Story = {
  args: {
    markers: routeMarkers({ origin: chakan, waypoints: [pune], destination: mumbai }),
    directions: true,
    zoom: ROUTE_MAP_ZOOM,
  },
  parameters: { api: osrmApi },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/Total: 168\.4 km, 3 h 30 min/)).toBeInTheDocument();
    await expect(canvas.getByText('1 → D: 141.1 km, 2 h 50 min')).toBeInTheDocument();
    await expect(canvas.queryByText('Straight-line estimate')).toBeNull();
  },
};

/** A long route across states: Jamshedpur to Kolkata, origin and destination only. */
export const AcrossStates: Story = {
  args: { markers: routeMarkers({ origin: jamshedpur, destination: kolkata }), directions: true, zoom: ROUTE_MAP_ZOOM },
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(within(canvasElement).getByTestId('map-directions')).toHaveTextContent('Total: 222.2 km'),
    );
  },
};

/** One known place at the zoom of place screens. */
export const KnownPlace: Story = {
  args: { markers: routeMarkers({ origin: jamshedpur }), zoom: PLACE_MAP_ZOOM },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTitle(jamshedpur.title)).toBeInTheDocument();
  },
};

/**
 * A known place being placed: its 2 km geofence drawn around it, its pin draggable. Dropping the pin down and right
 * tells where (south and east of the place).
 */
const dropped = fn<MarkerMoved>();
export const DraggablePlaceWithGeofence: Story = {
  args: {
    markers: [{ ...placeMarker(chakan), draggable: true }],
    circle: { center: chakan, radiusKm: 2 },
    onMarkerMove: dropped,
    zoom: PLACE_MAP_ZOOM,
  },
  beforeEach: () => {
    dropped.mockClear();
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('path.lego-map-geofence')).not.toBeNull());
    const pin = canvasElement.querySelector('.lego-map-marker-place.leaflet-marker-draggable');
    await expect(pin).not.toBeNull();
    if (!pin) return;
    const box = pin.getBoundingClientRect();
    const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
    await userEvent.pointer([
      { keys: '[MouseLeft>]', target: pin, coords: { clientX: x, clientY: y } },
      { target: pin, coords: { clientX: x + 20, clientY: y + 15 } },
      { target: pin, coords: { clientX: x + 40, clientY: y + 30 } },
      { keys: '[/MouseLeft]', target: pin, coords: { clientX: x + 40, clientY: y + 30 } },
    ]);
    await waitFor(() => expect(dropped).toHaveBeenCalledTimes(1));
    const [index, point] = dropped.mock.calls[0];
    await expect(index).toBe(0);
    await expect(point.lat).toBeLessThan(chakan.lat);
    await expect(point.lng).toBeGreaterThan(chakan.lng);
  },
};
