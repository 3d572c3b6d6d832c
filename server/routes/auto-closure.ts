import type { FastifyInstance } from 'fastify';
import { dataCalls } from '../../schemas/api/data';
import { route } from '../http/route';
import { dataOk } from '../http/data-envelope';
import { autoClosureRepository as rules } from '../repos/auto-closure-repository';
import type { AppContext } from '../context';

/**
 * The trip fields an auto closure rule can test (spec 001 section 7): the company's custom fields. The rules
 * themselves are a declared resource (schemas/resources/auto-closure.ts), served with every declared resource's calls.
 */
export async function autoClosureRoutes(app: FastifyInstance, { store }: AppContext) {
  route(app, dataCalls.customFields, async ({ scope }) => dataOk(await rules.customFields(store, scope.companyId)));
}
