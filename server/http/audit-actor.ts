import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { withActor, type Actor } from '../store/actor';

/** The caller of a guarded request, once the desk guard has checked its token, with the call's contract id. */
function actorOf(request: FastifyRequest): Actor | null {
  // Null until the desk guard has run (app.ts decorates requests with null).
  const desk: FastifyRequest['desk'] | null = request.desk;
  const call = request.routeOptions.config.contract?.id;
  return desk && call ? { userId: desk.userId, email: desk.email, call } : null;
}

/**
 * Makes the caller of every guarded call the actor of the transactions its handler opens (`store.tx`), so the audit
 * log records who changed what through which call. Registered before the desk guard: the rest of the request runs
 * inside, and the actor is read when a transaction opens, after the guard has set `request.desk`.
 */
export const auditActor: onRequestHookHandler = (request, _reply, done) => {
  withActor(
    () => actorOf(request),
    done,
    () => deskOf(request),
    () => request.scope?.companyId ?? '',
  );
};

/**
 * Whose share of the database and the worker pool a request's work counts against: its user once the token's
 * signature is checked (a forged token never lands in another desk's queue), before that the address it comes from.
 */
function deskOf(request: FastifyRequest): string {
  return request.signedBy ?? `ip:${request.ip}`;
}
