import { describe, expect, it } from 'vitest';
import {
  dayStart,
  dayText,
  DEFAULT_TIME_ZONE,
  fileStamp,
  isTimeZone,
  timeText,
  timeZones,
  zoneName,
} from './time-format';

const utc = (text: string) => Date.parse(`${text}Z`);

describe('time format', () => {
  it('writes an instant as DD/MM/YYYY HH:mm in India time by default, naming the zone', () => {
    expect(DEFAULT_TIME_ZONE).toBe('Asia/Kolkata');
    expect(timeText(utc('2026-11-29T05:44:45'))).toBe('29/11/2026 11:14 IST');
    expect(timeText('2026-11-29T05:44:45.000Z')).toBe('29/11/2026 11:14 IST');
    expect(timeText(new Date(utc('2026-11-29T18:40:00')))).toBe('30/11/2026 00:10 IST');
    expect(timeText(utc('2026-11-29T05:44:45'), 'Asia/Kolkata', { zone: false })).toBe('29/11/2026 11:14');
  });

  it('writes the wall clock of other zones, across daylight-saving changes and odd offsets', () => {
    const cases: [string, string, string][] = [
      ['2026-03-08T06:59:59', 'America/New_York', '08/03/2026 01:59 GMT-5'],
      ['2026-03-08T07:00:00', 'America/New_York', '08/03/2026 03:00 GMT-4'],
      ['2026-11-01T05:30:00', 'America/New_York', '01/11/2026 01:30 GMT-4'],
      ['2026-11-01T06:30:00', 'America/New_York', '01/11/2026 01:30 GMT-5'],
      ['2026-07-01T12:00:00', 'Europe/London', '01/07/2026 13:00 GMT+1'],
      ['2026-10-03T15:30:00', 'Australia/Lord_Howe', '04/10/2026 02:30 GMT+11'],
      ['2026-06-01T00:00:00', 'Asia/Kathmandu', '01/06/2026 05:45 GMT+5:45'],
      ['1969-12-31T23:59:59', 'UTC', '31/12/1969 23:59 UTC'],
    ];
    for (const [at, tz, text] of cases) expect(timeText(utc(at), tz), `${at} ${tz}`).toBe(text);
  });

  it('keeps a day without a time that day in every zone; an instant is its day in the zone', () => {
    for (const tz of ['Asia/Kolkata', 'America/New_York', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'])
      expect(dayText('2026-11-08', tz), tz).toBe('08/11/2026');
    expect(dayText(utc('2026-11-21T20:00:00'))).toBe('22/11/2026');
    expect(dayText(utc('2026-11-21T20:00:00'), 'UTC')).toBe('21/11/2026');
  });

  it('sends a typed day as its midnight in the zone, which shows as that day again', () => {
    const day = { year: 2026, month: 3, day: 8 };
    expect(dayStart(day)).toBe(Date.parse('2026-03-08T00:00:00+05:30'));
    expect(dayStart(day, 'Asia/Tokyo')).toBe(Date.parse('2026-03-08T00:00:00+09:00'));
    // New York's clocks go forward at 02:00 that day: its midnight is still in winter time.
    expect(dayStart(day, 'America/New_York')).toBe(Date.parse('2026-03-08T00:00:00-05:00'));
    expect(dayStart({ year: 2026, month: 3, day: 9 }, 'America/New_York')).toBe(
      Date.parse('2026-03-09T00:00:00-04:00'),
    );
    for (const tz of ['Asia/Kolkata', 'Asia/Tokyo', 'America/New_York', 'Pacific/Kiritimati'])
      expect(dayText(dayStart(day, tz), tz), tz).toBe('08/03/2026');
  });

  it('leaves no value empty and shows a text that names no time as it is', () => {
    expect(timeText(null)).toBe('');
    expect(timeText(undefined)).toBe('');
    expect(timeText('')).toBe('');
    expect(timeText('not a time')).toBe('not a time');
    expect(dayText(null)).toBe('');
  });

  it('names the zone in file names, and knows which zones there are', () => {
    expect(fileStamp(utc('2026-11-29T05:44:45'))).toBe('20261129-1114-IST');
    expect(fileStamp(utc('2026-07-01T12:00:00'), 'Europe/London')).toBe('20260701-1300-GMT1');
    expect(zoneName('Asia/Kolkata')).toBe('IST');
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    const zones = timeZones();
    expect(zones.slice(0, 2)).toEqual(['Asia/Kolkata', 'UTC']);
    expect(zones).not.toContain('Asia/Calcutta');
    expect(new Set(zones).size).toBe(zones.length);
  });
});
