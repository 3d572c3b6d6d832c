/**
 * The answers the server suite's apps give, logged so that a last test can compare them with the API document
 * (documented-answers.test.ts): per call, each status and media type it answered. Test files run in workers of their
 * own, so each appends JSON lines to a file of its own in the folder the suite's global setup provides (`answerLog`).
 */
import { appendFileSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { expect, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';

/** One kind of answer a call gave: its operation id, method and route, status and media type ('' when none). */
export interface LoggedAnswer {
  call: string;
  method: string;
  url: string;
  status: number;
  type: string;
  /** The test file whose app answered. */
  file: string;
}

/** The folder of the logs ('' outside the server suite's global setup: nothing is logged). */
export function answerLogDir(): string {
  try {
    return inject('answerLog') ?? '';
  } catch {
    return '';
  }
}

/** Kinds of answer this worker has logged already: each is written once. */
const logged = new Set<string>();

/**
 * Logs every answer `app` gives to a call (a route registered from a contract). Unknown paths, answered by the
 * not-found handler, belong to no call and are not logged. Add before the app is ready.
 */
export function logAnswers(app: FastifyInstance): void {
  const dir = answerLogDir();
  if (!dir) return;
  const log = join(dir, `${process.pid}-${threadId}.jsonl`);
  const file = basename(expect.getState().testPath ?? '');
  app.addHook('onResponse', async (request, reply) => {
    const call = request.routeOptions.config.contract;
    if (!call) return;
    const type = String(reply.getHeader('content-type') ?? '').split(';')[0].trim().toLowerCase();
    const answer: LoggedAnswer = { call: call.id, method: request.method, url: request.routeOptions.url ?? '', status: reply.statusCode, type, file };
    const line = JSON.stringify(answer);
    if (logged.has(line)) return;
    logged.add(line);
    appendFileSync(log, `${line}\n`);
  });
}

/** Every answer logged so far in this run, by every test file. */
export function loggedAnswers(): LoggedAnswer[] {
  const dir = answerLogDir();
  if (!dir) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.jsonl'))
    .flatMap((name) => readFileSync(join(dir, name), 'utf8').split('\n').filter(Boolean))
    .map((line) => JSON.parse(line) as LoggedAnswer);
}
