/**
 * Schedule choices of the daily summary and exception reports (spec 001 section 9): Quartz cron expressions
 * (seconds first, evaluated in UTC) with labels in India time that carry the fixed UTC offset, e.g.
 * '8:30 AM IST (03:00 UTC)'.
 */

export interface CronChoice {
  /** Quartz cron, e.g. `0 0 3 * * ?`. */
  cron: string;
  label: string;
  /** Heading the picker groups the choice under. */
  group: string;
}

/** India Standard Time is UTC+5:30, with no daylight saving. */
const IST_OFFSET_MINUTES = 330;

const pad = (n: number) => String(n).padStart(2, '0');

/** '8:30 AM' of minutes since midnight. */
function clock(minutes: number): string {
  const h = Math.floor(minutes / 60) % 24;
  const m = minutes % 60;
  return `${h % 12 === 0 ? 12 : h % 12}:${pad(m)} ${h < 12 ? 'AM' : 'PM'}`;
}

/** A daily run at an India time (minutes since midnight IST). */
export function dailyAt(istMinutes: number, group = 'Daily at'): CronChoice {
  const utc = (istMinutes - IST_OFFSET_MINUTES + 24 * 60) % (24 * 60);
  return {
    cron: `0 ${utc % 60} ${Math.floor(utc / 60)} * * ?`,
    label: `${clock(istMinutes)} IST (${pad(Math.floor(utc / 60))}:${pad(utc % 60)} UTC)`,
    group,
  };
}

const range = (from: number, to: number, step: number) =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);

/** Daily summary: every hour from 6 AM to 11 PM and 12 AM, plus the half-hours from 6:30 AM to 11:30 PM. */
export const DAILY_SUMMARY_CRONS: CronChoice[] = [
  ...range(6 * 60, 23 * 60 + 30, 30).map((m) => dailyAt(m)),
  dailyAt(0),
];

/** Exception report: each hour and half-hour of the day, and the repeating schedules. */
export const EXCEPTION_CRONS: CronChoice[] = [
  ...range(0, 23 * 60 + 30, 30).map((m) => dailyAt(m)),
  ...[15, 30, 45].map((m) => ({ cron: `0 0/${m} * * * ?`, label: `Every ${m} minutes`, group: 'Repeating' })),
  ...[15, 30, 45].map((m) => ({ cron: `0 ${m} * * * ?`, label: `${m} minutes past every hour`, group: 'Repeating' })),
  ...[1, 2, 3, 4, 6, 8, 12].map((h) => ({
    cron: `0 0 0/${h} * * ?`,
    label: h === 1 ? 'Every 1 hour' : `Every ${h} hours`,
    group: 'Repeating',
  })),
];

/** The label of a cron among choices, or the cron itself when it is not one of them. */
export function cronLabel(cron: string, choices: CronChoice[]): string {
  return choices.find((c) => c.cron === cron)?.label ?? cron;
}
