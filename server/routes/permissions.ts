import type { FastifyInstance } from 'fastify';
import { companyCalls } from '../../schemas/api/company';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import { permissionRepository } from '../repos/permission-repository';
import type { AppContext } from '../context';

/** Every permission record, for the console's own check. */
export async function permissionRoutes(app: FastifyInstance, { store }: AppContext) {
  route(app, companyCalls.permissions, async () => ok(await permissionRepository.list(store)));
}
