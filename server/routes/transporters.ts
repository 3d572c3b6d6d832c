import type { FastifyInstance } from 'fastify';
import { transporterCalls } from '../../schemas/api/transporters';
import { notFound, ok } from '../http/envelope';
import { TRANSPORTER_TAKEN } from '../../schemas/transporter';
import { newId } from '../http/ids';
import { expectedVersions, refusal, splitVersion, withEtag } from '../http/etag';
import { route } from '../http/route';
import { ensureOwned, resolveScope } from '../repos/scope-repository';
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
  route(app, transporterCalls.list, async ({ query }) => {
    const scope = await resolveScope(store, query);
    return ok(await transporterRepository.list(store, scope.companyId));
  });

  route(app, transporterCalls.byId, async ({ query, params }, reply) => {
    const scope = await resolveScope(store, query);
    await ensureOwned(store, 'transporters', params.id, scope);
    const row = await transporterRepository.byId(store, params.id);
    if (!row) throw notFound();
    const { record, version } = splitVersion(row);
    withEtag(reply, version);
    return ok(record);
  });

  route(app, transporterCalls.create, async ({ query, body }, reply) => {
    const id = newId('trn');
    const logo = body.logo ? decodeLogo(body.logo) : null;
    const { record, version } = splitVersion(
      await store.tx(async (q) => {
        const scope = await resolveScope(q, query);
        await refusingDuplicate(TRANSPORTER_TAKEN, () => transporterRepository.insert(q, scope.companyId, id, body, logo));
        return (await transporterRepository.byId(q, id))!;
      }),
    );
    withEtag(reply, version);
    return ok(record);
  });

  route(app, transporterCalls.update, async (request, reply) => {
    const { query, params, body } = request;
    const logo = body.logo ? decodeLogo(body.logo) : null;
    const expected = expectedVersions(request);
    const { record, version } = splitVersion(
      await store.tx(async (q) => {
        const scope = await resolveScope(q, query);
        await ensureOwned(q, 'transporters', params.id, scope);
        const stored = await refusingDuplicate(TRANSPORTER_TAKEN, () => transporterRepository.update(q, params.id, body, logo, expected));
        if (!stored) throw await refusal(() => transporterRepository.version(q, params.id));
        return stored;
      }),
    );
    withEtag(reply, version);
    return ok(record);
  });

  route(app, transporterCalls.remove, async (request) => {
    const { query, params } = request;
    const expected = expectedVersions(request);
    await store.tx(async (q) => {
      const scope = await resolveScope(q, query);
      await ensureOwned(q, 'transporters', params.id, scope);
      if (!(await transporterRepository.remove(q, params.id, expected))) {
        throw await refusal(() => transporterRepository.version(q, params.id));
      }
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
