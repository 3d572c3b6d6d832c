import type { FastifyInstance } from 'fastify';
import { companyCalls } from '../../schemas/api/company';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import { fteidOf } from '../rules/fteid';
import type { AppContext } from '../context';

/** The scope's entity id: `{fteid}`. */
export async function fteidRoutes(app: FastifyInstance, _context: AppContext) {
  route(app, companyCalls.fteid, async ({ scope }) => ok({ fteid: fteidOf(scope) }));
}
