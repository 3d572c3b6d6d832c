import type { FastifyInstance } from 'fastify';
import { transporterCalls } from '../../schemas/api/transporters';
import { notFound, ok } from '../http/envelope';
import { newId } from '../http/ids';
import { route } from '../http/route';
import { ensureOwned, resolveScope } from '../repos/scope-repository';
import { transporterRepository } from '../repos/transporter-repository';
import type { AppContext } from '../context';
import { decodeLogo, logoHeaders } from '../rules/transporter-logo';

/**
 * Transporters of the older screens, with their logos (API.md "Transporters"), under the transporter family's
 * base (`SERVICE_BASES.transporters`). An uploaded logo is checked before anything else, so a bad one is refused first.
 */
export async function transporterRoutes(app: FastifyInstance, { store }: AppContext) {
  route(app, transporterCalls.list, async ({ query }) => {
    const scope = await resolveScope(store, query);
    return ok(await transporterRepository.list(store, scope.companyId));
  });

  route(app, transporterCalls.byId, async ({ query, params }) => {
    const scope = await resolveScope(store, query);
    await ensureOwned(store, 'transporters', params.id, scope);
    return ok(await transporterRepository.byId(store, params.id));
  });

  route(app, transporterCalls.create, async ({ query, body }) => {
    const id = newId('trn');
    const logo = body.logo ? decodeLogo(body.logo) : null;
    return ok(
      await store.tx(async (q) => {
        const scope = await resolveScope(q, query);
        await transporterRepository.insert(q, scope.companyId, id, body, logo);
        return transporterRepository.byId(q, id);
      }),
    );
  });

  route(app, transporterCalls.update, async ({ query, params, body }) => {
    const logo = body.logo ? decodeLogo(body.logo) : null;
    return ok(
      await store.tx(async (q) => {
        const scope = await resolveScope(q, query);
        await ensureOwned(q, 'transporters', params.id, scope);
        await transporterRepository.update(q, params.id, body, logo);
        return transporterRepository.byId(q, params.id);
      }),
    );
  });

  route(app, transporterCalls.remove, async ({ query, params }) => {
    await store.tx(async (q) => {
      const scope = await resolveScope(q, query);
      await ensureOwned(q, 'transporters', params.id, scope);
      await transporterRepository.remove(q, params.id);
    });
    return ok(null);
  });
}

/** A transporter's logo: public, so an `<img>` can load it without the desk token. */
export async function transporterLogoRoutes(app: FastifyInstance, { store }: AppContext) {
  route(app, transporterCalls.logo, async ({ params }, reply) => {
    const logo = await transporterRepository.logo(store, params.id);
    if (!logo) throw notFound();
    return reply.headers(logoHeaders(logo.type)).send(Buffer.from(logo.bytes));
  });
}
