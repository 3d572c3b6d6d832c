import type { FastifyInstance } from 'fastify';
import { companyCalls } from '../../schemas/api/company';
import { notFound, ok } from '../http/envelope';
import { route } from '../http/route';
import { companyRepository } from '../repos/company-repository';
import type { AppContext } from '../context';
import { fetchConsignees } from './consignees';

/** Company, branch, department and partner look-ups of the filter bar (spec 000 section 2.3). */
export async function lookupRoutes(app: FastifyInstance, { store }: AppContext) {
  // A query equal to a company's id finds it too (first), so a link carrying only the id can show the name.
  route(app, companyCalls.companySearch, async ({ query }) =>
    ok(await companyRepository.search(store, query.q, query.type)),
  );

  route(app, companyCalls.branchSearch, async ({ query }) => {
    if (!(await companyRepository.exists(store, query.cId))) throw notFound();
    return ok(await companyRepository.searchBranches(store, query.cId, query.q ?? ''));
  });

  // The company and branch (cId, bId) are checked before it runs (its contract's `scope`): 404 unless bId is cId's.
  route(app, companyCalls.departments, async ({ query }) => ok(await companyRepository.departments(store, query.bId)));

  route(app, companyCalls.branchDepartments, async ({ query }) => {
    if (!(await companyRepository.branchExists(store, query.id))) throw notFound();
    return ok(await companyRepository.departments(store, query.id));
  });

  route(app, companyCalls.partners, async ({ query, scope }) => {
    // pt=CONSIGNEE: the consignee records of spec 002 (one path, so one route).
    if (query.pt === 'CONSIGNEE') return fetchConsignees(store, scope, query);
    const type = query.pt ?? null;
    // A select's search (q, or the id chosen): at most a page by name; else the spec's whole list.
    const partners =
      query.q !== undefined || query.id !== undefined
        ? await companyRepository.partnerOptions(store, scope.companyId, type, { text: query.q, id: query.id })
        : await companyRepository.partners(store, scope.companyId, type);
    // cbdt.c is the partner's own company id: the consignor id a transporter screen scopes by.
    return ok(partners.map((p) => ({ ...p, cbdt: { c: p.id, b: null, d: null } })));
  });
}
