import type { FastifyInstance } from 'fastify';
import { transporterPatchSchema, transporterSchema, type TransporterBody } from '../../schemas/transporter';
import { scopeQuerySchema, type ScopeQuery } from '../../schemas/scope';
import { notFound, ok } from '../http/envelope';
import { newId } from '../http/ids';
import { ensureOwned, resolveScope } from '../http/scope';
import type { Queryable } from '../store/store';
import type { AppContext } from '../context';
import { decodeLogo, logoHeaders } from './transporter-logo';

/**
 * The transporter service's base path on this origin: under it, so the service's `/transporters` paths do not
 * shadow the console's own /transporters pages (the console's default base URL for this service).
 */
export const TMS = '/tms';

/** A base64 logo of 1 MB is about 1.4 MB of JSON. */
const BODY_LIMIT = 2 * 1024 * 1024;

const paramsSchema = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
  required: ['id'],
} as const;

/** Body field → column. */
const FIELDS = {
  transporterName: 'transporter_name',
  branch: 'branch',
  address: 'address',
  state: 'state',
  city: 'city',
  contactPerson: 'contact_person',
  phoneNumber: 'phone_number',
  active: 'active',
  uid: 'uid',
} as const;

const SELECT = `select id, ${Object.entries(FIELDS).map(([f, c]) => `${c} as "${f}"`).join(', ')},
  case when logo is null then null else '${TMS}/transporters/' || id || '/logo' end as "logoUrl" from transporters`;

const readOne = (q: Queryable, id: string) => q.one(`${SELECT} where id = $1`, [id]);

/** Column values of the fields present in a body (trimmed texts), and of the logo when one is uploaded. */
function columnsOf(body: Partial<TransporterBody>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(FIELDS)) {
    const value = body[field as keyof typeof FIELDS];
    if (value !== undefined) out[column] = typeof value === 'string' ? value.trim() : value;
  }
  if (body.logo) {
    const logo = decodeLogo(body.logo);
    Object.assign(out, { logo: logo.bytes, logo_type: logo.type, logo_name: logo.name });
  }
  return out;
}

/** Transporters of the older screens, with their logos (API.md "Transporters"), under {@link TMS}. */
export async function transporterRoutes(app: FastifyInstance, { store }: AppContext) {
  app.get<{ Querystring: ScopeQuery }>(`${TMS}/transporters`, { schema: { querystring: scopeQuerySchema } }, async ({ query }) => {
    const scope = await resolveScope(store, query);
    return ok(await store.query(`${SELECT} where company_id = $1 order by created_at, id`, [scope.companyId]));
  });

  app.get<{ Querystring: ScopeQuery; Params: { id: string } }>(
    `${TMS}/transporters/:id`,
    { schema: { querystring: scopeQuerySchema, params: paramsSchema } },
    async ({ query, params }) => {
      const scope = await resolveScope(store, query);
      await ensureOwned(store, 'transporters', params.id, scope.companyId);
      return ok(await readOne(store, params.id));
    },
  );

  app.post<{ Querystring: ScopeQuery; Body: TransporterBody }>(
    `${TMS}/transporters`,
    { schema: { querystring: scopeQuerySchema, body: transporterSchema }, bodyLimit: BODY_LIMIT },
    async ({ query, body }) => {
      const columns = { id: newId('trn'), ...columnsOf(body) };
      return ok(
        await store.tx(async (q) => {
          const scope = await resolveScope(q, query);
          const all = { ...columns, company_id: scope.companyId };
          const names = Object.keys(all);
          await q.query(
            `insert into transporters (${names.join(', ')}) values (${names.map((_, i) => `$${i + 1}`).join(', ')})`,
            Object.values(all),
          );
          return readOne(q, columns.id);
        }),
      );
    },
  );

  app.patch<{ Querystring: ScopeQuery; Params: { id: string }; Body: Partial<TransporterBody> }>(
    `${TMS}/transporters/:id`,
    { schema: { querystring: scopeQuerySchema, params: paramsSchema, body: transporterPatchSchema }, bodyLimit: BODY_LIMIT },
    async ({ query, params, body }) => {
      const columns = columnsOf(body);
      return ok(
        await store.tx(async (q) => {
          const scope = await resolveScope(q, query);
          await ensureOwned(q, 'transporters', params.id, scope.companyId);
          const names = Object.keys(columns);
          if (names.length) {
            await q.query(
              `update transporters set ${names.map((n, i) => `${n} = $${i + 2}`).join(', ')} where id = $1`,
              [params.id, ...Object.values(columns)],
            );
          }
          return readOne(q, params.id);
        }),
      );
    },
  );

  app.delete<{ Querystring: ScopeQuery; Params: { id: string } }>(
    `${TMS}/transporters/:id`,
    { schema: { querystring: scopeQuerySchema, params: paramsSchema } },
    async ({ query, params }) => {
      await store.tx(async (q) => {
        const scope = await resolveScope(q, query);
        await ensureOwned(q, 'transporters', params.id, scope.companyId);
        await q.query('delete from transporters where id = $1', [params.id]);
      });
      return ok(null);
    },
  );
}

/** `GET /tms/transporters/{id}/logo`: public, so an `<img>` can load it without the desk token. */
export async function transporterLogoRoutes(app: FastifyInstance, { store }: AppContext) {
  app.get<{ Params: { id: string } }>(
    `${TMS}/transporters/:id/logo`,
    { schema: { params: paramsSchema } },
    async ({ params }, reply) => {
      const row = await store.one<{ logo: Uint8Array | null; logo_type: string | null }>(
        'select logo, logo_type from transporters where id = $1',
        [params.id],
      );
      if (!row?.logo || !row.logo_type) throw notFound();
      return reply.headers(logoHeaders(row.logo_type)).send(Buffer.from(row.logo));
    },
  );
}
