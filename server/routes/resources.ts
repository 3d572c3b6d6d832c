import type { FastifyInstance } from 'fastify';
import { RESOURCE_CALLS } from '../../schemas/api/resources';
import { isRecord } from '../../schemas/guards';
import { RESOURCES } from '../../schemas/resources';
import type { AppContext } from '../context';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import { resourceTable } from '../repos/resource-table';

/** The fields a body sends (the call's schema has checked them: only the resource's fields). */
const bodyOf = (body: unknown): Readonly<Record<string, unknown>> => (isRecord(body) ? body : {});

/**
 * Every declared resource's five calls (schemas/api/resource-calls.ts), served from its declaration: a page of the
 * list, one record with its ETag, create, update and delete honouring If-Match. The scope, and the record a call
 * names by id, are checked before a handler runs (their contracts' `scope` and `owns`).
 */
export async function resourceRoutes(app: FastifyInstance, { store }: AppContext) {
  for (const resource of RESOURCES) {
    const calls = RESOURCE_CALLS[resource.name];
    const records = resourceTable(resource);
    route(app, calls.list, async ({ query: raw, scope }) => {
      // The call's schema has checked the query; its type is the wide one of a schema built at run time.
      const query = isRecord(raw) ? raw : {};
      const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
      const page = await records.page(store, scope, {
        page: typeof query.page === 'number' ? query.page : 1,
        size: typeof query.size === 'number' ? query.size : 20,
        q: text(query.q),
        sort: text(query.sort),
        order: query.order === 'asc' || query.order === 'desc' ? query.order : undefined,
        after: text(query.after),
      });
      return {
        ...ok(page.data),
        ...('total' in page && { total: page.total }),
        ...(page.estimated && { estimated: true }),
        next: page.next,
      };
    });
    route(app, calls.byId, async ({ params }) => ok(await records.read(store, params.id)));
    route(app, calls.create, async ({ scope, body, desk }) =>
      ok(await records.insert(store, scope, bodyOf(body), desk.email)),
    );
    route(app, calls.update, async ({ params, body, desk, expected }) =>
      ok(await records.update(store, params.id, bodyOf(body), desk.email, expected)),
    );
    route(app, calls.remove, async ({ params, expected }) => ok(await records.remove(store, params.id, expected)));
  }
}
