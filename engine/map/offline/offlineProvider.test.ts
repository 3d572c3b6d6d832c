import type { FeatureCollection } from 'geojson';
import { feature } from 'topojson-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeMarkers } from '../markers';
import { COOPERATIVE_HINT, type MapInstance } from '../types';
import baseMapFile from '../../../public/map/india-base.json';
import { declutter, townsInView, type BaseMapData } from './baseMap';
import { offlineProvider } from './offlineProvider';

const base = baseMapFile as unknown as BaseMapData;
const everywhere = { contains: () => true };

describe('offline base map', () => {
  it("holds India's states, its neighbours and towns with their attribution", () => {
    const states = (feature(base.states, base.states.objects.states) as FeatureCollection).features.map(
      (f) => f.properties?.name,
    );
    expect(states).toEqual(expect.arrayContaining(['Maharashtra', 'Jharkhand', 'Odisha', 'Uttarakhand', 'Tamil Nadu']));
    expect(base.neighbours.features.map((f) => f.properties?.name)).toEqual(
      expect.arrayContaining(['Pakistan', 'China', 'Nepal', 'Bangladesh', 'Sri Lanka']),
    );
    expect(base.towns[0][0]).toBe('Mumbai');
    expect(base.attribution).toContain('GeoNames');
  });

  it('labels bigger towns first and smaller ones only when zoomed in', () => {
    const atCountry = townsInView(base.towns, 5, everywhere);
    expect(atCountry.every((town) => town[3] === 1)).toBe(true);
    expect(atCountry.map((town) => town[0])).toEqual(expect.arrayContaining(['Delhi', 'Kolkata', 'Chennai']));
    const nearPune = {
      contains: ([lat, lng]: [number, number]) => Math.abs(lat - 18.6) < 0.5 && Math.abs(lng - 73.8) < 0.5,
    };
    const zoomedIn = townsInView(base.towns, 10, nearPune).map((town) => town[0]);
    expect(zoomedIn[0]).toBe('Pune');
    expect(zoomedIn.length).toBeGreaterThan(3);
    expect(townsInView(base.towns, 10, everywhere)).toHaveLength(150);
  });

  it("drops a smaller town's label where it would overlap a bigger one's", () => {
    const towns: BaseMapData['towns'] = [
      ['Pune', 18.52, 73.86, 1],
      ['Shivaji Nagar', 18.53, 73.85, 2],
      ['Lonavala', 18.75, 73.41, 4],
    ];
    const pixels: Record<string, { x: number; y: number }> = {
      Pune: { x: 500, y: 300 },
      'Shivaji Nagar': { x: 510, y: 294 },
      Lonavala: { x: 200, y: 200 },
    };
    expect(declutter(towns, (town) => pixels[town[0]]).map((town) => town[0])).toEqual(['Pune', 'Lonavala']);
  });
});

describe('offline provider (Leaflet)', () => {
  let map: MapInstance | null = null;
  // The base map as the console's server sends it (from public/).
  beforeEach(() => vi.stubGlobal('fetch', async () => new Response(JSON.stringify(baseMapFile))));
  afterEach(() => {
    map?.destroy();
    document.body.replaceChildren();
    vi.unstubAllGlobals();
  });

  const mountMap = async (tiles: string | null = null, zoom = 10) => {
    const element = document.body.appendChild(document.createElement('div'));
    // happy-dom lays nothing out: the size Leaflet reads is given, as a 800 × 400 map would have.
    Object.defineProperties(element, { clientWidth: { value: 800 }, clientHeight: { value: 400 } });
    map = await offlineProvider(tiles).mount(element, { center: { lat: 18.75, lng: 73.88 }, zoom });
    return element;
  };
  /** The radius in pixels of the geofence drawn (its SVG path: `M x,y a r,r 0 1,0 …`), or null when none is. */
  const circleRadius = (element: HTMLElement) => {
    const d = element.querySelector('.leaflet-overlay-pane path.lego-map-geofence')?.getAttribute('d');
    const match = d ? /a([\d.]+),/.exec(d) : null;
    return match ? Number(match[1]) : null;
  };
  const chakan = { lat: 18.75, lng: 73.88 };
  /** The map mounted last (the tests below mount one first). */
  const mounted = () => {
    if (!map) throw new Error('No map was mounted');
    return map;
  };
  const found = (element: HTMLElement, selector: string) => {
    const inside = element.querySelector(selector);
    if (!inside) throw new Error(`Nothing on the map is ${selector}`);
    return inside;
  };

  it('draws CSS pins with their labels and titles, no images', async () => {
    const element = await mountMap();
    map!.setMarkers(
      routeMarkers({
        origin: { lat: 18.75, lng: 73.88, title: 'Chakan <b>yard</b>' },
        destination: { lat: 19.08, lng: 72.88, title: 'Bhiwandi' },
      }),
    );
    expect([...element.querySelectorAll('.lego-map-pin-label')].map((pin) => pin.textContent)).toEqual(['O', 'D']);
    expect(element.querySelector('.lego-map-marker-origin')?.getAttribute('title')).toBe('Chakan <b>yard</b>');
    expect(element.querySelector('img')).toBeNull();
    map!.clear();
    expect(element.querySelectorAll('.lego-map-pin')).toHaveLength(0);
  });

  it('draws the base map under the markers: states, town labels and its attribution', async () => {
    const element = await mountMap();
    await vi.waitFor(() => expect(element.querySelector('.leaflet-lego-towns-pane .lego-map-town')).not.toBeNull());
    const towns = [...element.querySelectorAll('.lego-map-town')].map((town) => town.textContent);
    expect(towns).toEqual(expect.arrayContaining(['Pune', 'Pimpri']));
    expect(element.querySelectorAll('.leaflet-lego-base-pane path').length).toBeGreaterThan(10);
    expect(element.querySelector('.leaflet-control-attribution')?.textContent).toContain('Natural Earth');
  });

  it('dashes a straight-line estimate and draws roads solid', async () => {
    const element = await mountMap();
    const path: [number, number][] = [
      [18.75, 73.88],
      [19.08, 72.88],
    ];
    map!.drawRoute({
      source: 'straight',
      legs: [{ distanceKm: 115.2, durationMin: null, estimate: true }],
      path,
      distanceKm: 115.2,
    });
    const routeLine = () => element.querySelectorAll('.leaflet-overlay-pane path');
    expect(routeLine()[0]?.getAttribute('stroke-dasharray')).toBe('8 8');
    map!.drawRoute({
      source: 'osrm',
      legs: [{ distanceKm: 141.1, durationMin: 170, estimate: false }],
      path,
      distanceKm: 141.1,
    });
    expect(routeLine()).toHaveLength(1);
    expect(routeLine()[0]?.getAttribute('stroke-dasharray')).toBeNull();
  });

  it('uses the tile server of MAP_TILES_URL instead of the base map, credited in the corner', async () => {
    const element = await mountMap('https://{s}.tiles.example.org/{z}/{x}/{y}.png');
    expect(element.classList.contains('lego-map-tiled')).toBe(true);
    expect(element.querySelector('.leaflet-control-attribution')?.textContent).toContain('Tiles: tiles.example.org');
  });

  it('draws a geofence at its radius, redrawn when the radius changes, removed with null', async () => {
    const element = await mountMap();
    mounted().drawCircle({ center: chakan, radiusKm: 2 });
    const two = circleRadius(element);
    // 2 km at zoom 10 near 18.75° N: about 14 px (145 m a pixel).
    expect(two).toBeGreaterThan(12);
    expect(two).toBeLessThan(16);
    mounted().drawCircle({ center: chakan, radiusKm: 4 });
    expect(element.querySelectorAll('path.lego-map-geofence')).toHaveLength(1);
    expect((circleRadius(element) ?? 0) / (two ?? 1)).toBeCloseTo(2, 1);
    mounted().drawCircle(null);
    expect(circleRadius(element)).toBeNull();
  });

  it('makes only the markers said to be draggable draggable', async () => {
    const element = await mountMap();
    mounted().setMarkers([
      { position: chakan, label: 'C', title: 'Chakan', kind: 'place', draggable: true },
      { position: { lat: 19.08, lng: 72.88 }, label: 'B', title: 'Bhiwandi', kind: 'place' },
    ]);
    const draggable = [...element.querySelectorAll('.lego-map-marker')].map((marker) =>
      marker.classList.contains('leaflet-marker-draggable'),
    );
    expect(draggable).toEqual([true, false]);
  });

  it('opens no closer than the base map has detail for; a tile server keeps the zoom asked for', async () => {
    let element = await mountMap(null, 15);
    mounted().drawCircle({ center: chakan, radiusKm: 2 });
    // Drawn at zoom 10 (about 14 px), not 15 (about 440 px): a place's zoom on the base map is one blank square.
    expect(circleRadius(element)).toBeLessThan(16);
    mounted().destroy();
    element = await mountMap('https://{s}.tiles.example.org/{z}/{x}/{y}.png', 15);
    mounted().drawCircle({ center: chakan, radiusKm: 2 });
    expect(circleRadius(element)).toBeGreaterThan(400);
  });

  it('lets the wheel scroll the page, saying how to zoom; Ctrl + wheel reaches the map', async () => {
    const element = await mountMap();
    const reached: boolean[] = [];
    // Leaflet's scroll-wheel zoom listens on the container, as this does.
    element.addEventListener('wheel', (event) => reached.push(event.ctrlKey));
    const pane = found(element, '.leaflet-map-pane');
    const hint = found(element, '.lego-map-hint');
    expect(hint.textContent).toBe(COOPERATIVE_HINT);
    expect(hint.classList.contains('lego-map-hint-shown')).toBe(false);
    const plain = new WheelEvent('wheel', { deltaY: 100, bubbles: true, cancelable: true });
    pane.dispatchEvent(plain);
    expect(reached).toEqual([]);
    expect(plain.defaultPrevented).toBe(false);
    expect(hint.classList.contains('lego-map-hint-shown')).toBe(true);
    const zoom = new WheelEvent('wheel', { deltaY: 100, ctrlKey: true, bubbles: true, cancelable: true });
    // happy-dom's WheelEvent drops the modifier keys it is given.
    Object.defineProperty(zoom, 'ctrlKey', { value: true });
    pane.dispatchEvent(zoom);
    expect(reached).toEqual([true]);
    // Leaflet's scroll-wheel zoom took it, and kept the browser from zooming the page.
    expect(zoom.defaultPrevented).toBe(true);
    expect(hint.classList.contains('lego-map-hint-shown')).toBe(false);
    // The map is closed at once (afterEach), before Leaflet's zoom timer fires: nothing is left to run on it.
  });
});
