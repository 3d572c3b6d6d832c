import type { FastifyInstance, FastifyRequest } from 'fastify';
import { platformCalls } from '../../schemas/api/platform';
import { readOutbox } from '../auth/mailer';
import { ApiError } from '../http/envelope';
import { route } from '../http/route';
import type { AppContext } from '../context';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Headers that proxies, load balancers and CDNs add to name the client or the original request: a request carrying
 * any of them came from elsewhere, whatever its socket says. Matched by family, as each vendor has its own names:
 * X-Forwarded-*, Forwarded, Via, X-Real-IP, X-Client-IP, True-Client-IP, CF-* (Cloudflare), X-Original-*,
 * X-Envoy-*, X-Cluster-Client-IP, Fastly-*, X-Azure-*, Akamai-*, X-AppEngine-*, X-Amzn-*, CloudFront-*, X-ARR-*
 * (IIS), and any other `...-client-ip`, `...-real-ip`, `...-remote-addr` or `...-originating-ip`.
 */
const FORWARDING_HEADER =
  /^(?:x-forwarded(?:-.*)?|forwarded|via|x-real-ip|x-client-ip|true-client-ip|client-ip|x-cluster-client-ip|cf-.*|x-original-.*|x-envoy-.*|fastly-.*|x-azure-.*|akamai-.*|x-akamai-.*|x-appengine-.*|x-amzn-.*|cloudfront-.*|x-arr-.*|x-proxyuser-ip|.*-(?:client|real|remote|originating|connecting)-(?:ip|addr|address))$/;

/** Host header values naming this machine: localhost, 127.0.0.0/8 or [::1], with any port (RFC 3986 authority). */
const LOOPBACK_HOST = /^(?:localhost|127(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}|\[::1\])(?::\d{1,5})?$/i;

/** Whether a request names this machine as its host: a proxy that passes the public Host on is refused too. */
const namesLoopback = (request: FastifyRequest): boolean => {
  const host = request.headers.host ?? request.headers[':authority'];
  return typeof host === 'string' && LOOPBACK_HOST.test(host);
};

/**
 * Whether a request really comes from this machine: its socket is local, its client address by the proxy rules in
 * force (`trustProxy`) is local too, it carries no forwarding header (a reverse proxy on this host connects locally)
 * and its Host is a loopback name.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  return (
    LOOPBACK.has(request.socket.remoteAddress ?? '') &&
    LOOPBACK.has(request.ip) &&
    !Object.keys(request.headers).some((name) => FORWARDING_HEADER.test(name.toLowerCase())) &&
    namesLoopback(request)
  );
}

/**
 * The developer outbox: the messages that would have been sent, newest last, not enveloped. Mounted only when no
 * transport is configured, and answered only on this machine (or everywhere with DEV_OUTBOX_OPEN=1): the codes
 * in it log anyone in, so a server listening on 0.0.0.0 must not hand them to the network, nor a reverse proxy on
 * this host pass them on.
 */
export async function devOutboxRoutes(app: FastifyInstance, { store, mailer }: AppContext) {
  if (mailer.kind !== 'outbox') return;
  const open = process.env.DEV_OUTBOX_OPEN === '1';
  route(app, platformCalls.outbox, async (request) => {
    if (!open && !isLocalRequest(request)) {
      throw new ApiError(403, [
        'The outbox can be read from this machine only (set DEV_OUTBOX_OPEN=1 to allow others)',
      ]);
    }
    return readOutbox(store);
  });
}
