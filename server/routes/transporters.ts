import type { FastifyInstance } from 'fastify';
import { transporterCalls } from '../../schemas/api/transporters';
import { notFound, ok } from '../http/envelope';
import { TRANSPORTER_TAKEN } from '../../schemas/transporter';
import { newId } from '../http/ids';
import { route } from '../http/route';
import { transporterRepository } from '../repos/transporter-repository';
import type { AppContext } from '../context';
import { decodeLogo, logoHeaders } from '../rules/transporter-logo';
import { refusingDuplicate } from '../store/unique';

/**
 * Transporters of the older screens, with their logos (API.md "Transporters"), under the transporter family's
 * base (`SERVICE_BASES.transporters`). An uploaded logo is checked before anything else, so a bad one is refused first.
 * A read answers the transporter's ETag; a patch or delete with a stale If-Match gets 412 (API.md "Lost updates").
 */
export async function transporterRoutes(app: FastifyInstance, { store }: AppContext) {
  route(app, transporterCalls.list, async ({ scope }) => ok(await transporterRepository.list(store, scope.companyId)));

  route(app, transporterCalls.byId, async ({ params }) => {
    const row = await transporterRepository.byId(store, params.id);
    if (!row) throw notFound();
    return ok(row);
  });

  route(app, transporterCalls.create, async ({ scope, body }) => {
    const id = newId('trn');
    const logo = body.logo ? decodeLogo(body.logo) : null;
    const row = await store.tx(async (q) => {
      await refusingDuplicate(TRANSPORTER_TAKEN, () =>
        transporterRepository.insert(q, scope.companyId, id, body, logo),
      );
      return (await transporterRepository.byId(q, id))!;
    });
    return ok(row);
  });

  route(app, transporterCalls.update, async (request) => {
    const { params, body, expected } = request;
    const logo = body.logo ? decodeLogo(body.logo) : null;
    const row = await store.tx((q) =>
      refusingDuplicate(TRANSPORTER_TAKEN, () => transporterRepository.update(q, params.id, body, logo, expected)),
    );
    return ok(row);
  });

  route(app, transporterCalls.remove, async (request) => {
    const { params, expected } = request;
    await store.tx((q) => transporterRepository.remove(q, params.id, expected));
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
