import { PROPOSAL_MSG } from '../../schemas/proposal';
import { reviewAreaRepository } from '../repos/review-area-repository';
import type { FastifyInstance } from 'fastify';
import { configCopyCalls } from '../../schemas/api/config-copy';
import { CONFIG_AREAS, COPY_MSG } from '../../schemas/config-copy';
import { ApiError, ok } from '../http/envelope';
import { route } from '../http/route';
import { applyCopy, compareScopes, planCopy } from '../repos/config-copy';
import { applyRevert, planRevert } from '../repos/config-revert';
import { otherScope } from '../repos/scope-reach';
import type { AppContext } from '../context';

/**
 * Compare two scopes' configuration, copy between them with a preview, revert an audited change (API.md "Compare,
 * copy and revert"). The call's own scope is the one written to (a copy's target, a revert's company); the other side
 * of a comparison or a copy is resolved by the same rule (404 for an unknown company or a branch not of it).
 */
export async function configCopyRoutes(app: FastifyInstance, { store }: AppContext) {
  route(app, configCopyCalls.compare, async ({ query, scope }) => {
    const right = await otherScope(store, { c: query.rc, b: query.rb });
    if (right.companyId === scope.companyId && right.branchId === scope.branchId)
      throw new ApiError(400, [COPY_MSG.sameScope]);
    return ok(await compareScopes(store, scope, right));
  });

  route(app, configCopyCalls.copyPreview, async ({ body, scope }) => {
    const source = await otherScope(store, { c: body.c, b: body.b ?? undefined });
    const { items, token } = await planCopy(store, source, scope, body.items);
    return ok({ token, items });
  });

  route(app, configCopyCalls.copyApply, async ({ body, scope }) => {
    // An area the target company reviews is not copied into at once: the copy is proposed instead (issue 39).
    const reviewed = new Set((await reviewAreaRepository.of(store, scope.companyId)).map((area) => area.resource));
    const held = body.items.find((item) => reviewed.has(item.area));
    if (held) throw new ApiError(409, [PROPOSAL_MSG.reviewRequired(CONFIG_AREAS[held.area].label)]);
    const source = await otherScope(store, { c: body.c, b: body.b ?? undefined });
    return ok(await applyCopy(store, source, scope, body.items, body.token));
  });

  route(app, configCopyCalls.revertPreview, async ({ body, scope }) => {
    const { items, token } = await planRevert(store, scope, which(body));
    return ok({ token, items });
  });

  route(app, configCopyCalls.revert, async ({ body, scope }) =>
    ok(await applyRevert(store, scope, which(body), body.token)),
  );
}

/** The entry or change set a revert names: exactly one of them. */
function which(body: { entry?: number; changeSet?: string }): { entry?: number; changeSet?: string } {
  if ((body.entry === undefined) === (body.changeSet === undefined || body.changeSet === ''))
    throw new ApiError(400, ['Name one audit entry or one change set to revert']);
  return body.entry !== undefined ? { entry: body.entry } : { changeSet: body.changeSet };
}
