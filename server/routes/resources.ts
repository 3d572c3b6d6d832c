import type { FastifyInstance } from 'fastify';
import { IMAGE_CALLS, RESOURCE_CALLS } from '../../schemas/api/resources';
import { isRecord } from '../../schemas/guards';
import { ALL_RESOURCES } from '../../schemas/resources';
import type { AppContext } from '../context';
import { dataOk, idText } from '../http/data-envelope';
import { ApiError, notFound, ok } from '../http/envelope';
import { check } from '../http/validation';
import { route } from '../http/route';
import { asksForPage, pagedOk } from '../http/paging';
import { type OwnedScope, resourceTable } from '../repos/resource-table';
import { partnerOwner, type Scope } from '../repos/scope-repository';
import { MSG } from '../../schemas/messages';
import { ruleOf } from '../rules/resource-rules';
import { decodeImage, imageHeaders } from '../rules/image-upload';
import { answerNameOf, idNameOf, ownerOf, type Resource } from '../../schemas/resource';

/**
 * The fields a body sends (the call's schema has checked them: only the resource's fields), each image among them
 * decoded and checked to be what its type says (400 otherwise, before anything is read or written).
 */
function bodyOf(resource: Resource, body: unknown): Readonly<Record<string, unknown>> {
  if (!isRecord(body)) return {};
  const images = Object.entries(resource.fields).filter(([name, field]) => field.image && isRecord(body[name]));
  if (images.length === 0) return body;
  return {
    ...body,
    ...Object.fromEntries(
      images.map(([name, field]) => {
        const { name: file, type, data } = isRecord(body[name]) ? body[name] : {};
        return [name, decodeImage({ name: String(file ?? ''), type: String(type), data: String(data) }, field.label)];
      }),
    ),
  };
}

/**
 * The record a call names: by `?id=` or in its path, as the resource's calls are shaped (the call's schema and `owns`
 * have checked it).
 */
const idOf = ({ params, query }: { params: unknown; query: unknown }, name = 'id'): string =>
  String((isRecord(params) && params.id) || (isRecord(query) && query[name]) || '');

/** A text a request sends, or undefined (the call's schema has checked its type). */
const textOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** Whether a record has each value a fetch by id names beside the id (`byIdFilters`, by their answer's names). */
function matchesFilters(resource: Resource, record: Readonly<Record<string, unknown>>, query: unknown): boolean {
  return (resource.api?.byIdFilters ?? []).every((name) => {
    const sent = isRecord(query) ? query[name] : undefined;
    return sent === undefined || record[answerNameOf({ name, ...resource.fields[name] })] === sent;
  });
}

/**
 * Every declared resource's calls (schemas/api/resource-calls.ts), served from its declaration: its list (ours, a page
 * with its total and cursor in the envelope; a spec's `{total, data}` paged by number; or every record, unpaged), one
 * record with its ETag, create (answering the record, or its id alone), update and delete honouring If-Match, a
 * setting's read and save. The
 * scope, and the record a call names by id, are checked before a handler runs (their contracts' `scope` and `owns`); a
 * write's body is made what the resource's rules make of it (server/rules/resource-rules.ts) in the write's
 * transaction.
 */
export async function resourceRoutes(app: FastifyInstance, { store }: AppContext) {
  for (const resource of ALL_RESOURCES) {
    const calls = RESOURCE_CALLS[resource.name];
    const records = resourceTable(resource);
    const rule = ruleOf(resource);
    /** A setting's natural key as its path names it (the call's schema has checked each part). */
    const keyOf = (params: unknown): Record<string, string> =>
      Object.fromEntries(resource.naturalKey.map((name) => [name, String(isRecord(params) ? params[name] : '')]));
    const { numbered, unpaged, createAnswer, toggle, save, allUnlessPaged, byIdInList } = resource.api ?? {};
    const owner = ownerOf(resource);
    const idName = idNameOf(resource);
    /**
     * The scope with whose records a call is about, where the resource is kept per owner: the owner the request names
     * (the first of `named` sent), checked as a partner of the company, and required of a TRANSPORTER (see
     * `partnerOwner`).
     */
    const owned = async (scope: Scope, ...named: unknown[]): Promise<OwnedScope> => {
      if (!owner) return scope;
      const name = named.map(textOf).find((value) => value !== undefined);
      return { ...scope, owner: (await partnerOwner(store, scope, name, MSG.selectConsignor)).partnerId };
    };
    /** The owner's name in a request's query or body. */
    const ownerIn = (source: unknown) => (owner && isRecord(source) ? source[owner.name] : undefined);
    /** An answer in the resource's envelope: the data family's (with its words), or the main API's. */
    const answer = <T>(data: T, message = '') => (resource.api?.service === 'data' ? dataOk(data, message) : ok(data));
    if (calls.list)
      route(app, calls.list, async ({ query: raw, scope }) => {
        // The call's schema has checked the query (and given its defaults); its type is the wide one of a schema
        // built at run time.
        const query = isRecord(raw) ? raw : {};
        const inScope = await owned(scope, query[owner?.name ?? '']);
        // One record by its id in the list's query (`api.byIdInList`): a list of one, its version sent as the ETag.
        const one = byIdInList ? textOf(query[idName]) : undefined;
        if (one !== undefined) return answer([await records.read(store, one, inScope)]);
        // The fields the list may be asked for, and a child's parent (`api.parent.list`).
        const parent = resource.api?.parent?.list ? [resource.api.parent.field] : [];
        const filtered = [...(resource.api?.listFilters ?? []), ...parent];
        const only = Object.fromEntries(filtered.map((name) => [name, query[name]]));
        if (unpaged || (allUnlessPaged && !asksForPage(query))) return answer(await records.all(store, inScope, only));
        const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
        const number = (value: unknown, otherwise: number) => (typeof value === 'number' ? value : otherwise);
        if (numbered) {
          const page = await records.page(store, inScope, {
            page: number(query[numbered.page], numbered.first) - numbered.first + 1,
            size: number(query[numbered.size], numbered.defaultSize),
            q: text(query.q),
            only,
          });
          return ok({ total: page.total ?? 0, data: page.data });
        }
        const page = await records.page(store, inScope, {
          page: number(query.page, 1),
          size: number(query.size, 20),
          q: text(query.q),
          sort: text(query.sort),
          order: query.order === 'asc' || query.order === 'desc' ? query.order : undefined,
          after: text(query.after),
          before: text(query.before),
          only,
        });
        return pagedOk(page);
      });
    if (calls.byId)
      route(app, calls.byId, async (request) => {
        const record = await records.read(store, idOf(request, idName));
        if (!matchesFilters(resource, record, request.query)) throw notFound();
        // The record as `result` itself, beside its status and message (its version still travels as the ETag).
        if (resource.api?.byIdInResult)
          return { status: 'ok' as const, result: { status: 1 as const, message: '', ...record } };
        return answer(record);
      });
    if (calls.create)
      route(app, calls.create, async ({ scope, body, desk, query }) => {
        // A child's parent travels in the query (`api.parent`; the call's schema and `owns` have checked it).
        const parent = resource.api?.parent?.field;
        const sent = bodyOf(resource, body);
        const made = parent && isRecord(query) ? { ...sent, [parent]: query[parent] } : sent;
        const record = await records.insert(store, scope, made, desk.email, rule);
        return ok(createAnswer ? { [createAnswer]: record.id } : record);
      });
    if (calls.update)
      route(app, calls.update, async (request) => {
        const { scope, body, desk, expected, query } = request;
        const sent = bodyOf(resource, body);
        const inScope = await owned(scope, ownerIn(body), ownerIn(query));
        // The record named in the body (`api.updateInBody`), or in the path or query.
        const id = resource.api?.updateInBody ? String(sent[idName] ?? '') : idOf(request, idName);
        return ok(await records.update(store, inScope, id, sent, desk.email, expected, rule));
      });
    if (calls.toggle && toggle)
      route(app, calls.toggle, async ({ body, expected, desk }) => {
        const id = String(isRecord(body) ? body[toggle.id] : '');
        const record = await records.toggle(store, id, toggle.field, desk.email, expected);
        const state = record[answerNameOf({ name: toggle.field, ...resource.fields[toggle.field] })];
        const words = state ? toggle.on : toggle.off;
        if (toggle.stateOnly) return answer({ id: record.id, [toggle.field]: state, version: record.version }, words);
        return answer(record, words);
      });
    if (calls.save && save)
      route(app, calls.save, async (request) => {
        const { scope, body, desk } = request;
        const sent = bodyOf(resource, body);
        const edit = save.edit ?? { flag: null, id: 'id', creates: false };
        const flagged = edit.flag !== null && sent[edit.flag] === true;
        const id = idText(sent[edit.id]);
        // Without a flag, a body naming a record edits it (an empty id names none, as `owns` reads it: a create).
        const editing = edit.flag === null ? id !== null : flagged !== (edit.creates === true);
        // An edit names its record (`owns` has checked one named); one without is of no record.
        if (editing && id === null) throw notFound();
        const record =
          editing && id !== null
            ? await records.update(store, scope, id, sent, desk.email, request.expected, rule)
            : save.upsert
              ? await records.put(store, scope, sent, desk.email, { rule })
              : await records.insert(store, scope, sent, desk.email, rule);
        if (!record) throw notFound();
        const words = (editing ? save.updated : save.created).replaceAll('{companyId}', scope.companyId);
        const { companiesAs } = save;
        if (companiesAs === undefined) return answer(record, words);
        const companies = [scope.companyId];
        if (save.companiesInResult)
          return dataOk({ id: record.id, version: record.version }, words, { [companiesAs]: companies });
        return answer({ id: record.id, [companiesAs]: companies, version: record.version }, words);
      });
    // A setting: the scope's record of the natural key its path names, read as a list of at most one and saved in
    // place; a value of the key with rules of its own has its fields checked by them (400 in their words, nothing saved).
    if (calls.read)
      route(app, calls.read, async ({ params, scope }) => ok(await records.setting(store, scope, keyOf(params))));
    if (calls.put)
      route(app, calls.put, async ({ params, scope, body, desk }) => {
        const key = keyOf(params);
        const sent = bodyOf(resource, body);
        const own = Object.values(key).flatMap((value) => resource.api?.setting?.byKey?.[value] ?? []);
        const problems = own.flatMap(({ fields }) =>
          Object.entries(fields).flatMap(([name, schema]) => (name in sent ? check(schema, sent[name]) : [])),
        );
        if (problems.length > 0) throw new ApiError(400, problems);
        const merge = own.some((value) => value.merge);
        await records.put(store, scope, sent, desk.email, { key, rule, merge });
        return ok(null);
      });
    if (calls.remove)
      route(app, calls.remove, async (request) => {
        const inScope = await owned(request.scope, ownerIn(request.query));
        return ok(await records.remove(store, idOf(request, idName), request.expected, inScope));
      });
    // Each image's public read (for an `<img>`, without the desk token: its contract says `public`).
    for (const [name, call] of Object.entries(IMAGE_CALLS[resource.name] ?? {}))
      route(app, call, async ({ params }, reply) => {
        const image = await records.image(store, idOf({ params, query: null }), name);
        if (!image) throw notFound();
        return reply.headers(imageHeaders(image.type)).send(Buffer.from(image.bytes));
      });
  }
}
