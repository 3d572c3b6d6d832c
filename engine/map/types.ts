import type { DirectionsResult, LatLngPoint } from '../../schemas/directions';

export type { DirectionsLeg, DirectionsResult, LatLngPoint } from '../../schemas/directions';

/** What a map says while the wheel scrolls the page over it (Google Maps says the same with `gestureHandling: 'cooperative'`). */
export const COOPERATIVE_HINT = 'Use Ctrl + scroll to zoom the map';

/** A marker: its place, the one-character label drawn on it ('O', 'D', '1'…) and the text of its popup and tooltip. */
export interface MapMarker {
  position: LatLngPoint;
  label: string;
  title: string;
  /** What the marker stands for, which its colour tells (default 'waypoint'); an 'alert' is a small dot of its `color`. */
  kind?: 'origin' | 'destination' | 'waypoint' | 'place' | 'alert';
  /** An alert's colour (its type's), as a CSS colour. */
  color?: string;
  /** The operator may drag it; where it is dropped goes to the `onMove` of {@link MapInstance.setMarkers}. */
  draggable?: boolean;
}

/** A place's geofence: the circle of `radiusKm` kilometres around `center`. */
export interface MapCircle {
  center: LatLngPoint;
  radiusKm: number;
}

/** Told where a draggable marker was dropped: its index in the list given to `setMarkers`, and its new point. */
export type MarkerMoved = (index: number, point: LatLngPoint) => void;

/** A trip's driven track and, under it, the path it was planned on (dashed); either may be empty. */
export interface TrackLines {
  driven: LatLngPoint[];
  planned: LatLngPoint[];
}

/**
 * Where a map opens. Every map is cooperative: the mouse wheel scrolls the page, Ctrl (or Cmd) + wheel zooms the map,
 * and a wheel without it says so over the map ({@link COOPERATIVE_HINT}). The page's colour scheme is read from
 * `<html data-theme>` (the app sets it): a dark page gets a dimmed map.
 */
export interface MapOptions {
  center: LatLngPoint;
  zoom: number;
  /** The zoom a single point is shown at and the most a fitted view zooms in (default `zoom`): a map opened on all of India still closes in on the markers it gets later. */
  fitZoom?: number;
  /** Points the map opens fitted to, instead of `center` and `zoom` (its base map is then drawn once, at that view). */
  fit?: LatLngPoint[];
}

/** A map mounted in an element; every method may be called again (each replaces what it drew before). */
export interface MapInstance {
  /** Draws the markers; dropping a `draggable` one tells `onMove`. */
  setMarkers(markers: MapMarker[], onMove?: MarkerMoved): void;
  /** Draws a geofence circle (translucent, under the markers); null removes it. */
  drawCircle(circle: MapCircle | null): void;
  /** Shows every point; a single point is centred at the zoom the map was opened with. */
  fitBounds(points: LatLngPoint[]): void;
  /** Draws the line of directions: solid for roads, dashed for straight-line estimates; null removes it. */
  drawRoute(directions: DirectionsResult | null): void;
  /** Draws a trip's track (see {@link TrackLines}); null removes it. */
  drawTrack(track: TrackLines | null): void;
  /** Moves the vehicle's marker (drawn above everything else) to `point`, without moving the view; null removes it. */
  setCursor(point: LatLngPoint | null, title?: string): void;
  /** Centres the view on `point`, keeping the zoom. */
  panTo(point: LatLngPoint): void;
  /** Removes markers, the circle, the route line, the track and the cursor. */
  clear(): void;
  /** Unmounts the map and frees what it holds. */
  destroy(): void;
}

/** One map interface, two providers: Google Maps when a key is configured, else the offline map (engine/map/README.md). */
export interface MapProvider {
  name: 'google' | 'offline';
  mount(element: HTMLElement, options: MapOptions): Promise<MapInstance>;
  /** Driving directions through the points in order; null when no answer could be had at all. */
  directions(points: LatLngPoint[]): Promise<DirectionsResult | null>;
}
