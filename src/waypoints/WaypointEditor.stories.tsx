import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { mainCalls } from '../../schemas/api/main';
import { mapCalls } from '../../schemas/api/maps';
import { parseLatLng, parseWaypoints } from '../../schemas/directions';
import { WAYPOINT_MSG } from '../../schemas/messages';
import { straightDirections } from '../../server/routing/directions';
import { waypointEditor } from '../../screens/waypoints';
import { at, consoleApi, places, tataSteel } from '../stories/fixtures';
import { failure, fixtureKey, ok, type ApiRequest } from '../stories/storyApi';
import { WaypointEditorView } from './WaypointEditorView';
import type { StoredWaypoint } from './waypointModel';

/** A stored waypoint of the Pune - Mumbai route at a fixture place. */
const waypoint = (
  id: string,
  sequence: number,
  place: (typeof places)[keyof typeof places],
  label: string,
  cpCode: string,
  geofenceRadius = 2,
): StoredWaypoint => ({
  id,
  sequence,
  label,
  address: place.formatted_address,
  cpCode,
  geofenceRadius,
  google: { place_id: place.place_id, formatted_address: place.formatted_address, geometry: place.geometry },
});

/** Pune - Mumbai (Chakan to Taloja) through Pune and Mumbai. */
const puneMumbaiWaypoints = [
  waypoint('wp_pune', 1, places.pune, 'Pune Hub', 'TSL-PNQ-HUB', 1.5),
  waypoint('wp_mumbai', 2, places.mumbai, 'Mumbai Cross Dock', 'TSL-BOM-XD'),
];

/** The platform API without a router: straight legs between the points asked for. */
const directionsApi = {
  [fixtureKey(mapCalls.directions)]: ({ query }: ApiRequest) =>
    ok(
      straightDirections([
        parseLatLng(query.get('origin') ?? ''),
        ...(parseWaypoints(query.get('waypoints') ?? '') ?? []),
        parseLatLng(query.get('destination') ?? ''),
      ]),
    ),
};

/** The waypoint calls: fetch, create (a new id), delete, and reorder (answering the rows in the order sent). */
const waypointApi = {
  [fixtureKey(mainCalls.waypoints)]: ok(puneMumbaiWaypoints),
  [fixtureKey(mainCalls.createWaypoint)]: ok({ id: 'wp_new' }),
  [fixtureKey(mainCalls.deleteWaypoint)]: ok(null),
  [fixtureKey(mainCalls.reorderWaypoints)]: ({ body }: ApiRequest) =>
    ok(
      (body as { ids: string[] }).ids.map((id, i) => ({
        ...puneMumbaiWaypoints.find((w) => w.id === id)!,
        sequence: i + 1,
      })),
    ),
};

const meta = {
  title: 'Screens/Waypoints',
  component: WaypointEditorView,
  args: { config: waypointEditor },
  parameters: {
    route: at('/way-point', tataSteel, { routeId: 'rt_tsl_pnq_bom' }),
    api: { ...consoleApi, ...directionsApi, ...waypointApi },
  },
} satisfies Meta<typeof WaypointEditorView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A route with two waypoints: the table numbered from 1, radius with 2 decimals, and the map's O, 1, 2, D (offline provider). */
export const RouteWithWaypoints: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Pune Hub');
    await expect(canvas.getByText('1.50')).toBeInTheDocument();
    await expect(canvas.getAllByTestId('waypoint-sequence').map((cell) => cell.textContent)).toEqual(['1', '2']);
    await waitFor(() =>
      expect([...canvasElement.querySelectorAll('.lego-map-pin-label')].map((pin) => pin.textContent)).toEqual([
        'O',
        '1',
        '2',
        'D',
      ]),
    );
  },
};

/** '+Add' opens a temporary row (sequence 3) and is disabled meanwhile; Save waits for a label and a place; Cancel closes it. */
export const AddingARow: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Pune Hub');
    const add = canvas.getByRole('button', { name: '+Add' });
    await userEvent.click(add);
    await expect(add).toBeDisabled();
    await expect(canvas.getAllByTestId('waypoint-sequence').map((cell) => cell.textContent)).toEqual(['1', '2', '3']);
    await expect(canvas.getByRole('button', { name: 'Save' })).toBeDisabled();
    const radius = canvas.getByLabelText('Geo Fence Radius (in kms)');
    await userEvent.clear(radius);
    await userEvent.type(radius, '-1');
    await canvas.findByText(WAYPOINT_MSG.negativeRadius);
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(add).toBeEnabled());
    await expect(canvas.getAllByTestId('waypoint-sequence')).toHaveLength(2);
  },
};

/** Before a route is chosen: the dropdown says 'Select a route' and '+Add' is disabled. */
export const NoRouteChosen: Story = {
  parameters: { route: at('/way-point', tataSteel) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(WAYPOINT_MSG.selectRoute);
    await expect(canvas.getByRole('button', { name: '+Add' })).toBeDisabled();
  },
};

/** The waypoint fetch fails: 'Something went wrong. Please try again', and the table and the map are empty. */
export const FetchFails: Story = {
  parameters: {
    api: {
      ...consoleApi,
      ...directionsApi,
      ...waypointApi,
      [fixtureKey(mainCalls.waypoints)]: failure(500, 'Internal error'),
    },
  },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await body.findByText(WAYPOINT_MSG.fetchError);
    await expect(canvasElement.querySelectorAll('.lego-map-pin-label')).toHaveLength(0);
    await expect(within(canvasElement).queryAllByTestId('waypoint-sequence')).toHaveLength(0);
  },
};
