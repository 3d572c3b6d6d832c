import type { FastifyInstance, FastifyRequest } from 'fastify';
import { platformCalls } from '../../schemas/api/platform';
import { readOutbox } from '../auth/mailer';
import { ApiError } from '../http/envelope';
import { route } from '../http/route';
import type { AppContext } from '../context';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Headers a proxy adds: a request carrying any of them came from elsewhere, whatever its socket says. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip', 'via'];

/**
 * Whether a request really comes from this machine: its socket is local, its client address by the proxy rules in
 * force (`trustProxy`) is local too, and it was not forwarded (a reverse proxy on this host connects locally).
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  return LOOPBACK.has(request.socket.remoteAddress ?? '') && LOOPBACK.has(request.ip) && !FORWARDING_HEADERS.some((name) => name in request.headers);
}

/**
 * The developer outbox: the messages that would have been sent, newest last, not enveloped. Mounted only when no
 * transport is configured, and answered only on this machine (or everywhere with DEV_OUTBOX_OPEN=1): the codes
 * in it log anyone in, so a server listening on 0.0.0.0 must not hand them to the network, nor a reverse proxy on
 * this host pass them on.
 */
export async function devOutboxRoutes(app: FastifyInstance, { store }: AppContext, open = process.env.DEV_OUTBOX_OPEN === '1') {
  route(app, platformCalls.outbox, async (request) => {
    if (!open && !isLocalRequest(request)) {
      throw new ApiError(403, ['The outbox can be read from this machine only (set DEV_OUTBOX_OPEN=1 to allow others)']);
    }
    return readOutbox(store);
  });
}
