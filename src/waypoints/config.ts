import type { ConsoleMenuEntry } from '../../screens/define';

/** The name of the waypoint editor's screen kind in the engine's registry (`src/extensions.ts`). */
export const WAYPOINT_KIND = 'waypoints';

/** A waypoint editor screen's config: where it mounts, its title, its menu entry and its map's zoom. */
export interface WaypointEditorConfig {
  kind: typeof WAYPOINT_KIND;
  path: string;
  title: string;
  menu?: ConsoleMenuEntry;
  /** The map's zoom on one place (`PLACE_MAP_ZOOM`, spec 000 section 9). */
  zoom: number;
}
