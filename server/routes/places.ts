import type { FastifyInstance } from 'fastify';
import { placeSearchQuerySchema, type PlaceSearchQuery } from '../../schemas/lookup';
import { ok } from '../http/envelope';
import { resolveScope } from '../http/scope';
import type { AppContext } from '../context';
import { contains } from './lookups';

/**
 * Known-place search (`GET /saas/lego/company_places/search`): the company's places whose label, code or
 * address contains `q`. `children=true` also returns the places kept for one partner (a transporter's places of
 * a consignor); otherwise only the company's own.
 */
export async function placeRoutes(app: FastifyInstance, { store }: AppContext) {
  app.get<{ Querystring: PlaceSearchQuery }>(
    '/saas/lego/company_places/search',
    { schema: { querystring: placeSearchQuerySchema } },
    async ({ query }) => {
      const scope = await resolveScope(store, query);
      return ok(
        await store.query(
          `select cp_id as "cpId", cp_code as "cpCode", label, address from company_places
            where company_id = $1 and ($2 or partner_id is null)
              and (label ilike $3 or cp_code ilike $3 or address ilike $3)
            order by label limit 50`,
          [scope.companyId, query.children === true, contains(query.q ?? '')],
        ),
      );
    },
  );
}
