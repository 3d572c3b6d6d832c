import { describe, expect, it } from 'vitest';
import type { TripAlert, TripPing } from '../../schemas/api/trips';
import {
  alertsIn,
  compareAlerts,
  figuresOf,
  pingAt,
  positionAt,
  readableTimes,
  readTrack,
  showDuration,
  showMeasure,
  showTime,
  STOP_MINUTES,
  stopsOf,
} from './track';

const START = Date.UTC(2026, 10, 24, 2, 0);
const MIN = 60_000;

/** A ping `minute` minutes after START at (lat, lng), with the device's speed when given. */
const ping = (minute: number, lat: number, lng: number, speed: number | null = null): TripPing => ({
  device_time_utc: new Date(START + minute * MIN).toISOString(),
  coordinates: { lat, lng },
  speed,
  temperature: null,
  locationSource: 'GPS',
});

/** 20 minutes north at 0.01° a minute (about 66 km/h), 30 minutes stopped, 10 more minutes north. */
function trip(): TripPing[] {
  const pings: TripPing[] = [];
  for (let m = 0; m <= 20; m++) pings.push(ping(m, 18 + m * 0.01, 73));
  for (let m = 21; m <= 50; m++) pings.push(ping(m, 18.2, 73, 0));
  for (let m = 51; m <= 60; m++) pings.push(ping(m, 18.2 + (m - 50) * 0.01, 73));
  return pings;
}

const alert = (type: string, start: number, end: number | null, value = 1, level?: 1 | 2 | 3): TripAlert => ({
  type,
  start: START + start * MIN,
  end: end === null ? null : START + end * MIN,
  lat: 18,
  lng: 73,
  value,
  unit: 'minutes',
  ...(level ? { level } : {}),
});

describe('trip replay track', () => {
  it('reads the pings in time order with speeds (the device sends some), leaving out a ping without a time', () => {
    const pings = trip().reverse();
    pings.push({ ...ping(5, 1, 1), device_time_utc: 'not a time' });
    const track = readTrack(pings);
    expect(track.times).toHaveLength(61);
    expect(track.times[0]).toBe(START);
    expect(track.speeds[0]).toBe(0);
    expect(track.speeds[10]).toBeGreaterThan(60);
    expect(track.speeds[10]).toBeLessThan(70);
    expect(track.speeds[30]).toBe(0);
  });

  it('finds the stop of 30 minutes and counts distance, duration and alerts by type', () => {
    const track = readTrack(trip());
    const stops = stopsOf(track);
    expect(stops).toHaveLength(1);
    expect(stops[0].start).toBe(START + 20 * MIN);
    expect(stops[0].minutes).toBe(30);
    const figures = figuresOf(track, stops, [
      alert('untracked', 1, 2),
      alert('long_stoppage', 20, 50),
      alert('untracked', 3, 4),
    ]);
    expect(figures.distanceKm).toBeGreaterThan(33);
    expect(figures.distanceKm).toBeLessThan(34);
    expect(figures.durationMs).toBe(60 * MIN);
    expect(figures.stops).toBe(1);
    expect(figures.alertsByType).toEqual([
      { type: 'untracked', count: 2 },
      { type: 'long_stoppage', count: 1 },
    ]);
  });

  it('does not count a stay shorter than STOP_MINUTES as a stop', () => {
    const pings = [ping(0, 18, 73), ...Array.from({ length: STOP_MINUTES - 1 }, (_, i) => ping(i + 1, 18.1, 73))];
    pings.push(ping(STOP_MINUTES + 1, 18.3, 73));
    expect(stopsOf(readTrack(pings))).toEqual([]);
  });

  it('places the vehicle between pings in proportion to the time, and at the ends outside them', () => {
    const track = readTrack([ping(0, 18, 73), ping(10, 19, 74)]);
    expect(positionAt(track, START + 5 * MIN)).toEqual({ lat: 18.5, lng: 73.5 });
    expect(positionAt(track, START - MIN)).toEqual({ lat: 18, lng: 73 });
    expect(positionAt(track, START + 20 * MIN)).toEqual({ lat: 19, lng: 74 });
    expect(pingAt(track.times, START + 9 * MIN)).toBe(0);
    expect(pingAt(track.times, START + 10 * MIN)).toBe(1);
    expect(positionAt(readTrack([]), START)).toBeNull();
  });

  it('marks what a new configuration added, removed and changed against the trip’s own', () => {
    const before = [alert('long_stoppage', 20, 50, 30, 1), alert('untracked', 1, 2), alert('over_speeding', 5, 8)];
    const after = [alert('long_stoppage', 20, 50, 30, 2), alert('untracked', 1, 2), alert('route_deviation', 30, 40)];
    const compared = compareAlerts(before, after);
    expect(compared.map((a) => [a.type, a.change])).toEqual([
      ['untracked', 'same'],
      ['over_speeding', 'removed'],
      ['long_stoppage', 'changed'],
      ['route_deviation', 'added'],
    ]);
    expect(compared[2].before?.level).toBe(1);
  });

  it('matches gaps in a row by their overlap, not by a shared end', () => {
    // Pings at 0, 70 and 160 minutes: a 60-minute limit gives two gaps, an 80-minute one only the second.
    const before = [alert('untracked', 0, 70, 70), alert('untracked', 70, 160, 90)];
    const after = [alert('untracked', 70, 160, 90)];
    expect(compareAlerts(before, after).map((a) => [a.start, a.change])).toEqual([
      [START, 'removed'],
      [START + 70 * MIN, 'same'],
    ]);
    // A longer gap over the same time is that gap changed.
    const longer = compareAlerts([alert('untracked', 70, 160, 90)], [alert('untracked', 60, 160, 100)]);
    expect(longer.map((a) => a.change)).toEqual(['changed']);
  });

  it('reads alerts from a replay or the analytics, and nothing from another answer', () => {
    expect(
      alertsIn({ message: '1 alert', alerts: [alert('untracked', 1, 2), { type: 'x' }], config: '' }),
    ).toHaveLength(1);
    expect(alertsIn({ alerts: [], computed_at: null, config: [] })).toEqual([]);
    expect(alertsIn([alert('untracked', 1, 2)])).toBeNull();
    expect(alertsIn({ trip_id: 'TRP1' })).toBeNull();
  });

  it("shows times as DD/MM/YYYY HH:mm in the desk's zone, named, and spans and measures readably", () => {
    expect(showTime(START)).toBe('24/11/2026 07:30 IST');
    expect(showDuration(45 * MIN)).toBe('45 min');
    expect(showDuration(185 * MIN)).toBe('3 h 05 min');
    expect(showDuration(52 * 60 * MIN)).toBe('2 d 4 h');
    expect(showMeasure({ value: 95, unit: 'km/h' })).toBe('95 km/h');
    expect(showMeasure({ value: 130, unit: 'minutes' })).toBe('2 h 10 min');
  });
});

describe('raw data of a replay', () => {
  it("shows each alert's start and end as a date-time, null end and the rest as they came", () => {
    const answer = {
      message: '2 alerts',
      config: 'as started',
      alerts: [
        {
          type: 'long_stoppage',
          start: START,
          end: START + 45 * MIN,
          lat: 22.6,
          lng: 87.2,
          value: 45,
          unit: 'minutes',
        },
        { type: 'untracked', start: START + 90 * MIN, end: null, lat: 22.7, lng: 87.3, value: 30, unit: 'minutes' },
      ],
    };
    const shown = readableTimes(answer);
    expect(shown).toEqual({
      ...answer,
      alerts: [
        { ...answer.alerts[0], start: showTime(START), end: showTime(START + 45 * MIN) },
        { ...answer.alerts[1], start: showTime(START + 90 * MIN), end: null },
      ],
    });
    expect(JSON.stringify(shown)).toMatch(/"start":"\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} IST"/);
    expect(readableTimes([1, 2])).toEqual([1, 2]);
  });
});
