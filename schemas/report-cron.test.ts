import { describe, expect, it } from 'vitest';
import { cronLabel, dailyAt, DAILY_SUMMARY_CRONS, EXCEPTION_CRONS } from './report-cron';

describe('report schedule choices', () => {
  it('labels a daily time in IST with its fixed UTC time and a UTC Quartz cron', () => {
    expect(dailyAt(8 * 60 + 30)).toEqual({ cron: '0 0 3 * * ?', label: '8:30 AM IST (03:00 UTC)', group: 'Daily at' });
    expect(dailyAt(0)).toEqual({ cron: '0 30 18 * * ?', label: '12:00 AM IST (18:30 UTC)', group: 'Daily at' });
    expect(dailyAt(12 * 60)).toMatchObject({ cron: '0 30 6 * * ?', label: '12:00 PM IST (06:30 UTC)' });
    expect(dailyAt(23 * 60 + 30)).toMatchObject({ cron: '0 0 18 * * ?', label: '11:30 PM IST (18:00 UTC)' });
  });

  it('offers the daily summary every hour and half-hour from 6 AM, and 12 AM', () => {
    const labels = DAILY_SUMMARY_CRONS.map((c) => c.label);
    expect(labels[0]).toBe('6:00 AM IST (00:30 UTC)');
    expect(labels).toContain('8:30 AM IST (03:00 UTC)');
    expect(labels).toContain('11:00 PM IST (17:30 UTC)');
    expect(labels.at(-1)).toBe('12:00 AM IST (18:30 UTC)');
    expect(labels.some((l) => l.startsWith('5:') && l.includes('AM'))).toBe(false);
    expect(DAILY_SUMMARY_CRONS).toHaveLength(37);
    expect(new Set(DAILY_SUMMARY_CRONS.map((c) => c.cron)).size).toBe(37);
  });

  it('offers the exception report each half-hour of the day and the repeating schedules', () => {
    const daily = EXCEPTION_CRONS.filter((c) => c.group === 'Daily at');
    expect(daily).toHaveLength(48);
    expect(daily[0].label).toBe('12:00 AM IST (18:30 UTC)');
    expect(daily.at(-1)!.label).toBe('11:30 PM IST (18:00 UTC)');
    const repeating = EXCEPTION_CRONS.filter((c) => c.group === 'Repeating').map((c) => [c.cron, c.label]);
    expect(repeating).toEqual([
      ['0 0/15 * * * ?', 'Every 15 minutes'],
      ['0 0/30 * * * ?', 'Every 30 minutes'],
      ['0 0/45 * * * ?', 'Every 45 minutes'],
      ['0 15 * * * ?', '15 minutes past every hour'],
      ['0 30 * * * ?', '30 minutes past every hour'],
      ['0 45 * * * ?', '45 minutes past every hour'],
      ['0 0 0/1 * * ?', 'Every 1 hour'],
      ['0 0 0/2 * * ?', 'Every 2 hours'],
      ['0 0 0/3 * * ?', 'Every 3 hours'],
      ['0 0 0/4 * * ?', 'Every 4 hours'],
      ['0 0 0/6 * * ?', 'Every 6 hours'],
      ['0 0 0/8 * * ?', 'Every 8 hours'],
      ['0 0 0/12 * * ?', 'Every 12 hours'],
    ]);
    expect(new Set(EXCEPTION_CRONS.map((c) => c.cron)).size).toBe(EXCEPTION_CRONS.length);
  });

  it('every cron has six Quartz fields with ? for the day of week', () => {
    for (const { cron } of [...DAILY_SUMMARY_CRONS, ...EXCEPTION_CRONS]) expect(cron).toMatch(/^0 \S+ \S+ \* \* \?$/);
  });

  it('labels a stored cron, or shows it as is when it is not a choice', () => {
    expect(cronLabel('0 0 3 * * ?', DAILY_SUMMARY_CRONS)).toBe('8:30 AM IST (03:00 UTC)');
    expect(cronLabel('0 1 2 * * ?', DAILY_SUMMARY_CRONS)).toBe('0 1 2 * * ?');
  });
});
