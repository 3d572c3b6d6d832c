import type { FastifyInstance } from 'fastify';
import { companyCalls } from '../../schemas/api/company';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import { resolveScope } from '../repos/scope-repository';
import { placeRepository } from '../repos/place-repository';
import type { AppContext } from '../context';

/**
 * Known-place search: the company's places whose label, code or address contains `q`. `children=true` also
 * returns the places kept for one partner (a transporter's places of a consignor); otherwise only the company's own.
 */
export async function placeRoutes(app: FastifyInstance, { store }: AppContext) {
  route(app, companyCalls.placeSearch, async ({ query }) => {
    const scope = await resolveScope(store, query);
    return ok(await placeRepository.search(store, scope.companyId, query.q ?? '', query.children === true));
  });
}
