import type { FeatureCollection } from 'geojson';
import { feature } from 'topojson-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeMarkers } from '../markers';
import type { MapInstance } from '../types';
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

  const mountMap = async (tiles: string | null = null) => {
    const element = document.body.appendChild(document.createElement('div'));
    // happy-dom lays nothing out: the size Leaflet reads is given, as a 800 × 400 map would have.
    Object.defineProperties(element, { clientWidth: { value: 800 }, clientHeight: { value: 400 } });
    map = await offlineProvider(tiles).mount(element, { center: { lat: 18.75, lng: 73.88 }, zoom: 10 });
    return element;
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
});
