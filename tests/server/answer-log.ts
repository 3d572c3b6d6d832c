/**
 * The answers the server suite's apps give, logged so that a last test can compare them with the API document
 * (documented-answers.test.ts): per call, each status and media type it answered. Test files run in workers of their
 * own, so each appends JSON lines to a file of its own in the folder the suite's global setup provides (`answerLog`).
 */
import { appendFileSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { expect, inject } from 'vitest';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Contract } from '../../schemas/api/contract';
import { successSchema } from '../../schemas/api/envelopes';
import { compileSchema } from '../../schemas/schema-compiler';
import type { SchemaCheck } from '../../schemas/ajv';

/** One kind of answer a call gave: its operation id, method and route, status and media type ('' when none). */
export interface LoggedAnswer {
  call: string;
  method: string;
  url: string;
  status: number;
  type: string;
  /** The test file whose app answered. */
  file: string;
  /** Where a success answer breaks its call's answer schema (ajv's errors), when it does. */
  unlike?: string;
}

/** The check of each call's success answer, compiled once per worker. */
const checks = new Map<string, SchemaCheck | null>();
function checkOf(call: Contract): SchemaCheck | null {
  if (!checks.has(call.id)) {
    const schema = successSchema(call);
    checks.set(call.id, schema === undefined ? null : compileSchema(schema));
  }
  return checks.get(call.id) ?? null;
}

/** What a handler returned, as JSON, before Fastify serialized it by the answer schema. */
const returned = new WeakMap<FastifyRequest, string>();

/** The path of the first place where two JSON values differ, or null when they are the same. */
function firstDifference(a: unknown, b: unknown, path: string): string | null {
  if (a === b) return null;
  if (
    typeof a !== 'object' ||
    typeof b !== 'object' ||
    a === null ||
    b === null ||
    Array.isArray(a) !== Array.isArray(b)
  )
    return path;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const where = firstDifference(
      (a as Record<string, unknown>)[key],
      (b as Record<string, unknown>)[key],
      `${path}/${key}`,
    );
    if (where !== null) return where;
  }
  return null;
}

/** How a success answer breaks its call's answer schema, before Fastify serializes it by that schema. */
const unlikeOf = new WeakMap<FastifyRequest, string>();
function checkShape(request: FastifyRequest, payload: unknown): void {
  const call = request.routeOptions.config.contract;
  const check = call && checkOf(call);
  if (!check || check(payload)) return;
  const errors = (check.errors ?? []).slice(0, 3).map((e) => `${e.instancePath || '/'} ${e.message}`);
  unlikeOf.set(request, errors.join('; '));
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
  // What a handler returns, as it returns it: Fastify's serializer would drop fields and coerce values to the schema.
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (reply.statusCode < 300) {
      checkShape(request, payload);
      returned.set(request, JSON.stringify(payload));
    }
    return payload;
  });
  // An answer the handler sent as text (a call whose answer is `unserialized`).
  app.addHook('onSend', async (request, reply, payload) => {
    // What the serializer sent must be what the handler returned: a field the schema does not name is dropped and a
    // value of another type coerced, so the console would silently get less than the server meant to send.
    const before = returned.get(request);
    if (before !== undefined && typeof payload === 'string' && !unlikeOf.has(request)) {
      const where = firstDifference(JSON.parse(before), JSON.parse(payload), '');
      if (where !== null) unlikeOf.set(request, `serialized unlike what the handler returned, at ${where || '/'}`);
    }
    const call = request.routeOptions.config.contract;
    if (call?.unserialized && reply.statusCode < 300 && typeof payload === 'string') {
      try {
        checkShape(request, JSON.parse(payload));
      } catch {
        unlikeOf.set(request, 'not JSON');
      }
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const call = request.routeOptions.config.contract;
    if (!call) return;
    const type = String(reply.getHeader('content-type') ?? '')
      .split(';')[0]
      .trim()
      .toLowerCase();
    const answer: LoggedAnswer = {
      call: call.id,
      method: request.method,
      url: request.routeOptions.url ?? '',
      status: reply.statusCode,
      type,
      file,
      ...(unlikeOf.has(request) && { unlike: unlikeOf.get(request) }),
    };
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
