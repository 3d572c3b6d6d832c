import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope';
import type { AppContext } from '../context';

/** `GET /v1/accessControl/permissions`: every permission record, for the console's own check. */
export async function permissionRoutes(app: FastifyInstance, { store }: AppContext) {
  app.get('/v1/accessControl/permissions', async () =>
    ok(
      await store.query(
        `select permission_id, name, permission_type, permission_create_mask, permission_update_mask,
                permission_read_mask from permissions order by permission_id`,
      ),
    ),
  );
}
