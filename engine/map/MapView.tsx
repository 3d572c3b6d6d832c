import { Alert, Flex, Spin, Tag, theme, Typography } from 'antd';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { describeDirections, STRAIGHT_LINE_LABEL } from './directions';
import { legCache } from './legCache';
import { circleExtent, MAP_MODAL_HEIGHT, PLACE_MAP_ZOOM } from './markers';
import type { DirectionsResult, MapCircle, MapMarker, MapProvider, MarkerMoved } from './types';
import { useMap } from './useMap';

/** What {@link MapView} shows. */
export interface MapViewProps {
  /** Markers in driving order (see `routeMarkers`); the map fits them all in view. */
  markers: MapMarker[];
  /** Draw driving directions through the markers in order, with each leg's distance under the map. */
  directions?: boolean;
  /** Zoom when one marker is shown (and the most a fitted view zooms in): `ROUTE_MAP_ZOOM` or `PLACE_MAP_ZOOM`. */
  zoom?: number;
  /** Height of the map; 400 px by default, as in the map modal. */
  height?: number | string;
  /** The provider to use instead of the configured one (`loadMapProvider`). */
  provider?: MapProvider;
  /** A geofence drawn around a place, fitted in view with the markers; redrawn as it changes. */
  circle?: MapCircle | null;
  /** Where a `draggable` marker was dropped. */
  onMarkerMove?: MarkerMoved;
}

/**
 * A map with markers and, optionally, the driving directions through them. The provider's code (Leaflet or Google)
 * and the base map load when the first map mounts, never with the page. Straight-line legs are labelled
 * 'Straight-line estimate', never passed off as roads.
 */
export function MapView({
  markers,
  directions = false,
  zoom = PLACE_MAP_ZOOM,
  height = MAP_MODAL_HEIGHT,
  provider,
  circle = null,
  onMarkerMove,
}: MapViewProps) {
  // The estimate tag's words in the theme's warning text: antd's warning amber on its tint reads at under 2:1 in light.
  const { token } = theme.useToken();
  const element = useRef<HTMLElement>(null);
  const [route, setRoute] = useState<DirectionsResult | null>(null);
  // Markers usually arrive as a new array each render: compare them by value.
  const markersKey = JSON.stringify(markers);
  // biome-ignore lint/correctness/useExhaustiveDependencies: compared by value: the markers of the render their text last changed in
  const stableMarkers = useMemo(() => markers, [markersKey]);
  const mounted = useMap(element, { provider, zoom, first: stableMarkers[0]?.position });
  const map = mounted.state === 'ready' ? mounted : null;
  // The latest handler, so that a new function each render neither redraws the markers nor is missed by them.
  const moved = useRef(onMarkerMove);
  moved.current = onMarkerMove;
  const circleKey = circle ? `${circle.center.lat} ${circle.center.lng} ${circle.radiusKm}` : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: compared by value, as the markers are
  const stableCircle = useMemo(() => circle, [circleKey]);

  // Before the paint: new markers and the circle show in the frame of the change, the view fitted to both.
  useLayoutEffect(() => {
    if (!map) return;
    map.instance.setMarkers(stableMarkers, (index, point) => moved.current?.(index, point));
    map.instance.drawCircle(stableCircle);
    map.instance.fitBounds([
      ...stableMarkers.map((m) => m.position),
      ...(stableCircle ? circleExtent(stableCircle) : []),
    ]);
  }, [map, stableMarkers, stableCircle]);

  // The route when every leg is known shows with the markers; else it is asked for leg by leg.
  useLayoutEffect(() => {
    if (!map) return;
    const points = stableMarkers.map((m) => m.position);
    // Every leg known (a reorder whose legs were asked for while the row was dragged): drawn with the markers.
    const kept = directions ? legCache.kept(map.provider, points) : null;
    map.instance.drawRoute(kept);
    setRoute(kept);
    if (kept || !directions || stableMarkers.length < 2) return;
    let current = true;
    // Leg by leg: after a reorder only the new legs are asked for (often already, while the row was dragged).
    void legCache.route(map.provider, points).then((result) => {
      if (!current) return;
      map.instance.drawRoute(result);
      setRoute(result);
    });
    return () => {
      current = false;
    };
  }, [map, stableMarkers, directions]);

  const summary = route
    ? describeDirections(
        route,
        stableMarkers.map((m) => m.label),
      )
    : null;
  return (
    <Flex vertical gap={8}>
      <Spin spinning={mounted.state === 'loading'}>
        <section
          ref={element}
          data-testid="map"
          data-map-state={mounted.state}
          aria-label="Map"
          style={{ height, width: '100%', borderRadius: 6, overflow: 'hidden' }}
        />
      </Spin>
      {mounted.state === 'failed' && <Alert type="warning" showIcon title="The map could not be loaded" />}
      {summary && (
        <Flex vertical gap={2} data-testid="map-directions">
          <Typography.Text strong>
            {summary.total}{' '}
            {summary.estimate && (
              <Tag color="warning" style={{ color: token.colorWarningText }}>
                {STRAIGHT_LINE_LABEL}
              </Tag>
            )}
          </Typography.Text>
          {summary.legs.map((leg) => (
            <Typography.Text key={leg} type="secondary">
              {leg}
            </Typography.Text>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
