import { PLACE_MAP_ZOOM } from '../engine/map/markers';
import type { WaypointEditorConfig } from '../src/waypoints/config';
import * as registered from './waypoints.meta';

/** /way-point: a route's waypoints with their map, zoomed as the spec's waypoint screens are (spec 000 section 9). */
export const waypointEditor: WaypointEditorConfig = { ...registered.waypointEditor, zoom: PLACE_MAP_ZOOM };
