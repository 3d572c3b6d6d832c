import type { FastifyInstance } from 'fastify';
import { readOutbox } from '../auth/mailer';
import type { AppContext } from '../context';

/**
 * `GET /dev/outbox`: the messages that would have been sent, newest last, not enveloped. Mounted only when no
 * transport is configured, so on a deployment with real delivery no one can read codes here.
 */
export async function devOutboxRoutes(app: FastifyInstance, { store }: AppContext) {
  app.get('/dev/outbox', async () => readOutbox(store));
}
