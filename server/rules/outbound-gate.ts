import { settleRate, takeRateWithin, type Clock, type RateRule } from '../auth/rate-limit';
import type { Queryable } from '../store/store';
import { keysOf } from '../../schemas/guards';

/**
 * The one outbound gate (issue 21): every path that sends to addresses a desk chooses (a notification's send test,
 * a report's 'Run now' and its scheduled runs, a bulk upload's summary) takes its messages from quotas kept in
 * PostgreSQL, so that they hold across instances. A send takes all its messages at once or none: over a quota,
 * nothing is sent and the caller hears how long to wait (429 with Retry-After). One-time codes pass it too: they go
 * to an account's own address, but anyone may ask for them, so each address gets a few per code lifetime
 * (server/auth/otp.ts sets how many; over it, nothing is mailed and the answer is the same, telling nobody).
 */

/** The quotas, each set by the environment variable named beside it (README "Configuration"). */
export interface OutboundQuotas {
  /** `OUTBOUND_DESK_PER_MINUTE`: messages a minute one desk may cause (test sends, Run now, batch summaries). */
  deskPerMinute: number;
  /** `OUTBOUND_TESTS_PER_MINUTE`: test sends a minute per desk, whatever their size. */
  testsPerMinute: number;
  /** `OUTBOUND_RUN_NOW_PER_HOUR`: 'Run now' of one report schedule per hour. */
  runNowPerHour: number;
  /** `OUTBOUND_COMPANY_PER_MINUTE`: messages a minute to one company's chosen addresses, scheduled runs included. */
  companyPerMinute: number;
  /** `OUTBOUND_COMPANY_PER_DAY`: messages a day (24 hours) to one company's chosen addresses. */
  companyPerDay: number;
  /** `BATCH_QUEUE_PER_DESK`: bulk-upload batches one desk may have waiting or running. */
  queuedBatchesPerDesk: number;
}

export const DEFAULT_QUOTAS: OutboundQuotas = {
  deskPerMinute: 100,
  testsPerMinute: 10,
  runNowPerHour: 4,
  companyPerMinute: 100,
  companyPerDay: 2000,
  queuedBatchesPerDesk: 20,
};

const ENV_NAMES: Record<keyof OutboundQuotas, string> = {
  deskPerMinute: 'OUTBOUND_DESK_PER_MINUTE',
  testsPerMinute: 'OUTBOUND_TESTS_PER_MINUTE',
  runNowPerHour: 'OUTBOUND_RUN_NOW_PER_HOUR',
  companyPerMinute: 'OUTBOUND_COMPANY_PER_MINUTE',
  companyPerDay: 'OUTBOUND_COMPANY_PER_DAY',
  queuedBatchesPerDesk: 'BATCH_QUEUE_PER_DESK',
};

/** The quotas the environment sets (a whole number of at least 1), the defaults for the others. */
export function quotasFromEnv(env: Record<string, string | undefined>): OutboundQuotas {
  const quotas = { ...DEFAULT_QUOTAS };
  for (const key of keysOf(ENV_NAMES)) {
    const text = env[ENV_NAMES[key]];
    if (text === undefined || text === '') continue;
    if (!/^\d{1,9}$/.test(text) || Number(text) < 1)
      throw new Error(`${ENV_NAMES[key]} must be a whole number of at least 1, not '${text}'`);
    quotas[key] = Number(text);
  }
  return quotas;
}

/** What wants to go out: who causes it, for which company, and how many messages. */
export type Outbound =
  | { kind: 'test'; deskId: string; companyKey: string; messages: number }
  | { kind: 'runNow'; deskId: string; companyKey: string; scheduleId: string; messages: number }
  | { kind: 'scheduled'; companyKey: string; messages: number }
  | { kind: 'batchSummary'; deskId: string; companyKey: string }
  /** A proposal's notices (issue 39): to the company's reviewers, or to its proposer. */
  | { kind: 'review'; deskId: string; companyKey: string; messages: number }
  | { kind: 'code'; identifier: string; perIdentifier: number; windowSeconds: number };

/** The bucket of one-time codes mailed to an identifier (a login starts its count again). */
export const codeBucket = (identifier: string) => `otp:id:${identifier}`;

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

/** The texts of a refusal, by the quota that refused. */
export const OUTBOUND_MSG = {
  tests: (limit: number, wait: string) => `Test sends are limited to ${limit} a minute per desk. Try again in ${wait}.`,
  desk: (limit: number, wait: string) => `This desk may send at most ${limit} messages a minute. Try again in ${wait}.`,
  runNow: (limit: number, wait: string) =>
    `'Run now' is limited to ${limit} runs an hour per report. Try again in ${wait}.`,
  companyMinute: (limit: number, wait: string) =>
    `This company may send at most ${limit} messages a minute. Try again in ${wait}.`,
  companyDay: (limit: number, wait: string) =>
    `This company has reached its limit of ${limit} messages a day. Try again in ${wait}.`,
  tooMany: (limit: number, count: number) => `At most ${limit} recipients in one send (this one has ${count})`,
  codes: (limit: number, wait: string) =>
    `At most ${limit} codes are sent to one address in a while. Try again in ${wait}.`,
  queuedBatches: (limit: number) =>
    `This desk has ${limit} bulk uploads waiting already. Upload more when one of them has finished.`,
} as const;

/** A wait as a person reads it: '40 seconds', '3 minutes', '2 hours'. */
export function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  if (seconds < 90 * 60) return `${Math.ceil(seconds / 60)} minutes`;
  return `${Math.ceil(seconds / 3600)} hours`;
}

/** Which quota refused a send ('size': more recipients than a quota's whole allowance). */
export type Quota = 'tests' | 'desk' | 'runNow' | 'companyMinute' | 'companyDay' | 'code' | 'size';

type Named = RateRule & { quota: Quota; text: (limit: number, wait: string) => string };

/** The buckets a send takes from, each with the text of its refusal. */
function rulesOf(out: Outbound, quotas: OutboundQuotas): Named[] {
  if (out.kind === 'code')
    return [
      {
        bucket: codeBucket(out.identifier),
        limit: out.perIdentifier,
        windowSeconds: out.windowSeconds,
        quota: 'code',
        text: OUTBOUND_MSG.codes,
      },
    ];
  const messages = out.kind === 'batchSummary' ? 1 : out.messages;
  const company: Named[] = [
    {
      bucket: `out:co:min:${out.companyKey}`,
      limit: quotas.companyPerMinute,
      windowSeconds: MINUTE,
      units: messages,
      quota: 'companyMinute',
      text: OUTBOUND_MSG.companyMinute,
    },
    {
      bucket: `out:co:day:${out.companyKey}`,
      limit: quotas.companyPerDay,
      windowSeconds: DAY,
      units: messages,
      quota: 'companyDay',
      text: OUTBOUND_MSG.companyDay,
    },
  ];
  if (out.kind === 'scheduled') return company;
  const desk: Named = {
    bucket: `out:desk:${out.deskId}`,
    limit: quotas.deskPerMinute,
    windowSeconds: MINUTE,
    units: messages,
    quota: 'desk',
    text: OUTBOUND_MSG.desk,
  };
  if (out.kind === 'test')
    return [
      {
        bucket: `out:test:${out.deskId}`,
        limit: quotas.testsPerMinute,
        windowSeconds: MINUTE,
        quota: 'tests',
        text: OUTBOUND_MSG.tests,
      },
      desk,
      ...company,
    ];
  if (out.kind === 'runNow')
    return [
      {
        bucket: `out:run:${out.scheduleId}`,
        limit: quotas.runNowPerHour,
        windowSeconds: HOUR,
        quota: 'runNow',
        text: OUTBOUND_MSG.runNow,
      },
      desk,
      ...company,
    ];
  return [desk, ...company];
}

/** A send that no quota lets through: why, and the seconds to wait (null: it can never go as it is). */
export interface OutboundRefusal {
  quota: Quota;
  message: string;
  retryAfter: number | null;
}

/**
 * Takes a send's messages from its quotas inside the caller's transaction (they commit with the send's own record,
 * and a send refused later in it is not counted), or answers why it may not go. A send larger than a quota's whole
 * allowance is refused for good (retryAfter null). `ticket` names the send: {@link settleOutbound} when it has gone.
 */
export async function admitOutbound(
  q: Queryable,
  quotas: OutboundQuotas,
  out: Outbound,
  clock?: Clock,
  ticket?: string,
): Promise<OutboundRefusal | null> {
  const rules = rulesOf(out, quotas);
  const tooBig = rules.find((rule) => (rule.units ?? 1) > rule.limit);
  if (tooBig)
    return { quota: 'size', message: OUTBOUND_MSG.tooMany(tooBig.limit, tooBig.units ?? 1), retryAfter: null };
  const verdict = await takeRateWithin(q, rules, clock, ticket ?? null);
  if (verdict.allowed) return null;
  const { rule } = verdict;
  return {
    quota: rule.quota,
    message: rule.text(rule.limit, waitText(verdict.retryAfter)),
    retryAfter: verdict.retryAfter,
  };
}

/**
 * A send {@link requireOutbound} refused, with why: the API answers 429 with Retry-After, or 400 for a send that can
 * never go (server/http/validation.ts).
 */
export class OutboundRefused extends Error {
  constructor(readonly refusal: OutboundRefusal) {
    super(refusal.message);
    this.name = 'OutboundRefused';
  }
}

/** Admits a send within `q` or throws its refusal (see {@link admitOutbound}). */
export async function requireOutbound(
  q: Queryable,
  quotas: OutboundQuotas,
  out: Outbound,
  clock?: Clock,
  ticket?: string,
): Promise<void> {
  const refusal = await admitOutbound(q, quotas, out, clock, ticket);
  if (refusal) throw new OutboundRefused(refusal);
}

/**
 * Tells the gate that the send `ticket` names has gone (or given up): its messages count until a minute (a day)
 * after now rather than after it was admitted, so that a send delivered over a while cannot overlap the next one's
 * minute. Without it they count from admission, which a crash leaves as it is.
 */
export const settleOutbound = (q: Queryable, ticket: string, clock?: Clock): Promise<void> =>
  settleRate(q, ticket, clock);

/** The ticket of a report run's messages, and of a batch's summary. */
export const runTicket = (runId: string) => `run:${runId}`;
export const batchTicket = (batchId: string) => `batch:${batchId}`;
