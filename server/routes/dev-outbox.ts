import type { FastifyInstance } from 'fastify';
import { platformCalls } from '../../schemas/api/platform';
import { readOutbox } from '../auth/mailer';
import { ApiError } from '../http/envelope';
import { route } from '../http/route';
import type { AppContext } from '../context';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The developer outbox: the messages that would have been sent, newest last, not enveloped. Mounted only when no
 * transport is configured, and answered only on this machine (or everywhere with DEV_OUTBOX_OPEN=1): the codes
 * in it log anyone in, so a server listening on 0.0.0.0 must not hand them to the network.
 */
export async function devOutboxRoutes(app: FastifyInstance, { store }: AppContext, open = process.env.DEV_OUTBOX_OPEN === '1') {
  route(app, platformCalls.outbox, async ({ socket }) => {
    if (!open && !LOOPBACK.has(socket.remoteAddress ?? '')) {
      throw new ApiError(403, ['The outbox can be read from this machine only (set DEV_OUTBOX_OPEN=1 to allow others)']);
    }
    return readOutbox(store);
  });
}
