import type { FastifyInstance } from 'fastify';
import { auditCalls } from '../../schemas/api/audit';
import { AUDIT_MSG, auditObjectName, loggedChange } from '../../schemas/audit';
import { ApiError, ok } from '../http/envelope';
import { route } from '../http/route';
import { auditRepository } from '../repos/audit-repository';
import { configSummary } from '../repos/config-summary';
import { auditChanges } from '../rules/audit-changes';
import { objectNames, withNames } from '../rules/audit-names';
import type { AppContext } from '../context';

/**
 * The audit log of a company's configuration (API.md "Audit log"): one page of entries with their changed fields,
 * the users who made them, and how many records of each audited kind the scope keeps (the console's company home). A department in the scope is checked but does not narrow: entries name no department.
 */
export async function auditLogRoutes(app: FastifyInstance, { store }: AppContext) {
  route(app, auditCalls.list, async ({ query, scope }) => {
    const from = query.from ?? null;
    const to = query.to ?? null;
    if (from !== null && to !== null && from > to) throw new ApiError(400, [AUDIT_MSG.range]);
    if (query.type && !(await auditRepository.objectTypes(store)).includes(query.type))
      throw new ApiError(400, [AUDIT_MSG.type]);
    const page = query.page ?? 1;
    const size = query.size ?? 20;
    const filter = {
      companyId: scope.companyId,
      branchId: scope.branchId,
      userId: query.user || null,
      objectType: query.type ?? null,
      from,
      to,
      text: query.q ?? null,
    };
    const { rows, total } = await auditRepository.page(store, filter, page, size);
    // Each change in words: its field's label, an id (a branch, a user, an alert type…) by its name.
    const changes = await withNames(
      store,
      scope.companyId,
      rows.map((row) => row.objectType),
      rows.map((row) =>
        auditChanges(row.before, row.after, row.objectId).map((change) => loggedChange(row.objectType, change)),
      ),
    );
    const names = await objectNames(store, rows);
    return ok({
      rows: rows.map((row, i) => ({ ...row, objectName: names[i] ?? null, changes: changes[i] })),
      total,
      page,
      size,
    });
  });

  route(app, auditCalls.users, async ({ scope }) => ok(await auditRepository.users(store, scope)));

  route(app, auditCalls.summary, async ({ scope }) => ok(await configSummary(store, scope)));

  route(app, auditCalls.objectTypes, async () =>
    ok((await auditRepository.objectTypes(store)).map((value) => ({ value, label: auditObjectName(value) }))),
  );
}
