import type { FastifyInstance } from 'fastify';
import { viewerCalls, type AlertRuleAnswer, type LegoAlert, type LegoConfig } from '../../schemas/api/viewers';
import { route } from '../http/route';
import { MSG } from '../../schemas/messages';
import { isOneOf, isRecord } from '../../schemas/guards';
import {
  PARTNER_CODES,
  PARTNER_PAGE_SIZE,
  VIEWER_MSG,
  alertEntitySchema,
  type AlertEntity,
} from '../../schemas/viewers';
import { ApiError, notFound, ok } from '../http/envelope';
import { checked } from '../http/validation';
import { resolveScope, type Scope } from '../repos/scope-repository';
import { viewerRepository } from '../repos/viewer-repository';
import { fteidOf } from '../rules/fteid';
import {
  COMPUTED_ALERTS,
  LONG_TRIP_KM,
  SHORT_TRIP_KM,
  rulesFromConfigs,
  type AlertRules,
  type ComputedAlertType,
} from '../rules/trip-alerts';
import type { Queryable } from '../store/store';
import type { AppContext } from '../context';

/** argusconfig's `param` once parsed: 1 or 2 entities (the consignor's and the transporter's). */
const argusParamSchema = {
  type: 'array',
  minItems: 1,
  maxItems: 2,
  items: alertEntitySchema,
  errorMessage: VIEWER_MSG.badParam,
} as const;

/** A consignor and a transporter at most: two of one kind would answer as one, the second over the first. */
function oneOfEachType(entities: readonly { companyType: string }[]): void {
  if (new Set(entities.map((e) => e.companyType)).size !== entities.length)
    throw new ApiError(400, [VIEWER_MSG.sameType]);
}

/** JSON text as a value, or a 400 with `message` when it is not JSON. */
function parseJson(text: string, message: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, [message]);
  }
}

const idText = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? undefined : String(value);

/**
 * An alert viewer entity checked against the database: it exists, its branch and department belong to it (404), its
 * type is the one named (400). Resolved here, not declared on the contracts: the entities are a list (1 or 2) inside
 * argusconfig's `param` JSON text or ftToLegoConfig's `data`, each its own scope, which the scope hook cannot read.
 */
async function entityScope(q: Queryable, entity: AlertEntity): Promise<Scope> {
  const scope = await resolveScope(q, {
    c: String(entity.companyId),
    b: idText(entity.branchId),
    d: idText(entity.departmentId),
  });
  if (scope.companyType !== entity.companyType)
    throw new ApiError(400, [VIEWER_MSG.wrongType(scope.companyId, entity.companyType)]);
  return scope;
}

/**
 * Whether an entity is within reach of the scope (API.md "Credentials and scope"): with a branch (department) chosen,
 * an entity of another branch (department) is not; the wider entities (the company, the branch) are.
 */
const reaches = (scope: Scope, entity: { branchId: string | null; departmentId: string | null }) =>
  !(scope.branchId && entity.branchId && entity.branchId !== scope.branchId) &&
  !(scope.departmentId && entity.departmentId && entity.departmentId !== scope.departmentId);

/** The first extraContext element of an alert, and the rest of its settings. */
function splitContext(extraContext: readonly Record<string, unknown>[] | undefined) {
  const first = extraContext?.[0] ?? {};
  const { ticketing, ...settings } = first;
  return { raiseTicket: isRecord(ticketing) && ticketing.raise_ticket === true, settings };
}

/** Trip lengths (km) the rules are shown for: a short, a mid and a long trip (the long stoppage thresholds differ). */
const TRIP_LENGTHS = {
  short: SHORT_TRIP_KM / 2,
  mid: (SHORT_TRIP_KM + LONG_TRIP_KM) / 2,
  long: LONG_TRIP_KM * 2,
} as const;

/** A computed alert's rule as the alert config answers it (the long stoppage levels as a plain list). */
const ruleOut = (rule: AlertRules[ComputedAlertType]): AlertRuleAnswer | undefined =>
  rule && 'levels' in rule ? { levels: [...rule.levels] } : rule;

/**
 * The viewers of spec 002 section 2.7 (API.md "Viewers"): the alert configuration of a consignor and a transporter
 * (argusconfig, then ft_to_lego_config), the config service by entity id and key, the entity behind an id and a
 * company's partners.
 */
export async function viewerRoutes(app: FastifyInstance, { store }: AppContext) {
  route(app, viewerCalls.argusConfig, async ({ query }) => {
    const parsed = checked(argusParamSchema, parseJson(query.param, VIEWER_MSG.badParam));
    if ('errors' in parsed) throw new ApiError(400, parsed.errors);
    oneOfEachType(parsed.value);
    const answer = [];
    for (const entity of parsed.value) {
      const scope = await entityScope(store, entity);
      const company = await store.one<{ name: string }>('select name from companies where id = $1', [scope.companyId]);
      const configs = await viewerRepository.alertConfigs(store, scope.companyId, scope.branchId);
      answer.push({
        companyId: scope.companyId,
        companyName: company?.name ?? '',
        companyType: scope.companyType,
        branchId: scope.branchId,
        departmentId: scope.departmentId,
        fteid: fteidOf(scope),
        alerts: configs.map((config) => ({
          featureKey: config.featureKey,
          enabled: config.enabled,
          extraContext: contextList(config.extraContext),
        })),
      });
    }
    return ok(answer);
  });

  route(app, viewerCalls.ftToLegoConfig, async ({ body }) => {
    const config: LegoConfig = {};
    oneOfEachType(body.data);
    for (const entity of body.data) {
      const scope = await entityScope(store, entity);
      // No prototype: a feature key such as '__proto__' is a key like the others.
      const alerts: Record<string, LegoAlert> = Object.create(null);
      for (const alert of entity.alerts) {
        const { raiseTicket, settings } = splitContext(alert.extraContext);
        const computed = isOneOf(COMPUTED_ALERTS, alert.featureKey) ? alert.featureKey : null;
        const stored = [
          {
            featureKey: alert.featureKey,
            enabled: alert.enabled,
            extraContext: JSON.stringify(alert.extraContext ?? []),
          },
        ];
        alerts[alert.featureKey] = {
          enabled: alert.enabled,
          ticketing: { raise_ticket: raiseTicket },
          settings,
          // What the trip analytics apply (server/rules/trip-alerts.ts), per trip length; other alerts are not computed here.
          ...(computed && alert.enabled
            ? {
                rules: Object.fromEntries(
                  Object.entries(TRIP_LENGTHS).map(([size, km]) => [
                    size,
                    ruleOut(rulesFromConfigs(stored, km)[computed]),
                  ]),
                ),
              }
            : {}),
        };
      }
      config[scope.companyType === 'CONSIGNOR' ? 'consignor' : 'transporter'] = {
        entity: {
          companyId: scope.companyId,
          branchId: scope.branchId,
          departmentId: scope.departmentId,
          fteid: fteidOf(scope),
        },
        alerts,
      };
    }
    return ok(config);
  });

  route(app, viewerCalls.entityConfig, async ({ params, scope }) => {
    const entity = await viewerRepository.entityOf(store, scope.companyId, params.fteid);
    if (!entity || !reaches(scope, entity)) throw notFound();
    const found = await viewerRepository.entityConfig(store, entity, params.configKey);
    if (!found) throw new ApiError(404, [VIEWER_MSG.noConfig(params.configKey)]);
    const source = fteidOf({
      companyId: entity.companyId,
      companyType: scope.companyType,
      branchId: found.branchId,
      departmentId: found.departmentId,
    });
    return ok({ entityId: params.fteid, configKey: params.configKey, config: found.value, definedFor: source });
  });

  route(app, viewerCalls.company, async ({ params, scope }) => {
    const entity = await viewerRepository.entityOf(store, scope.companyId, params.fteid);
    if (!entity || entity.branchId) throw notFound();
    const company = await viewerRepository.company(store, entity.companyId);
    if (!company) throw notFound();
    return ok({
      fteid: params.fteid,
      ...company,
      branches: company.branches.map((b) => ({
        ...b,
        fteid: fteidOf({
          companyId: entity.companyId,
          companyType: scope.companyType,
          branchId: b.id,
          departmentId: null,
        }),
      })),
    });
  });

  route(app, viewerCalls.branch, async ({ params, scope }) => {
    const entity = await viewerRepository.entityOf(store, scope.companyId, params.fteid);
    if (!entity?.branchId || !reaches(scope, entity)) throw notFound();
    const branch = await viewerRepository.branch(store, entity.companyId, entity.branchId);
    if (!branch) throw notFound();
    return ok({ fteid: params.fteid, departmentId: entity.departmentId, ...branch });
  });

  route(app, viewerCalls.partners, async ({ query }) => {
    const filter = parseJson(query.filter, VIEWER_MSG.badFilter);
    if (!isRecord(filter)) throw new ApiError(400, [VIEWER_MSG.badFilter]);
    const { c, partner_type: type } = filter;
    const company = typeof c === 'number' && Number.isInteger(c) ? String(c) : c;
    if (typeof company !== 'string' || company === '') throw new ApiError(400, [MSG.selectCompany]);
    if (company.length > 64) throw new ApiError(400, [VIEWER_MSG.badFilter]);
    if (typeof type !== 'string' || !isOneOf(PARTNER_CODES, type)) throw new ApiError(400, [VIEWER_MSG.badPartnerType]);
    // The company is named inside the JSON `filter` text, checked first (400s above): resolved here, not declared on
    // the contract, as the scope hook reads plain query or body fields only.
    const scope = await resolveScope(store, { c: company });
    const page = query.page ?? 1;
    const size = query.size ?? PARTNER_PAGE_SIZE;
    const { rows, total } = await viewerRepository.partners(store, scope.companyId, type, page, size);
    return { success: true, data: rows, pagination: { total, page, size }, message: [] };
  });
}

/** A stored extraContext (JSON text) as the list of objects it holds. */
function contextList(text: string): Record<string, unknown>[] {
  try {
    const value: unknown = JSON.parse(text);
    const list = Array.isArray(value) ? value : [value];
    return list.filter(
      (item): item is Record<string, unknown> => typeof item === 'object' && item !== null && !Array.isArray(item),
    );
  } catch {
    return [];
  }
}
