import { AP_MSG, AP_VALUE_MAX } from '../../schemas/ap-config';
import { AUTO_CLOSURE_TEXT, AUTO_CLOSURE_TYPES } from '../../schemas/auto-closure';
import { storedFields } from '../../schemas/auto-closure-payload';
import { checkRuleRows } from './auto-closure-rows';
import { withSpeedParams } from './eta-engines';
import { isOneOf, isRecord, schemaGuard } from '../../schemas/guards';
import { waypointBodySchema } from '../../schemas/route-bulk';
import { routeRepository, toStoredPlace } from '../repos/route-repository';
import { randomUUID } from 'node:crypto';
import { definitionOf } from '../../schemas/report-definition';
import { REPORT_MSG, REPORT_TYPES } from '../../schemas/report-schedule';
import { reportScheduleRepository } from '../repos/report-schedule-repository';
import { BRANCH_FIXED, checkDefinition } from './report-definition';
import { dashboardRule } from './dashboard-extra-context';
import type { Resource, ResourceMaster } from '../../schemas/resource';
import type { WriteRule } from '../repos/resource-table';
import { alertConfigRepository } from '../repos/alert-config-repository';
import { ensurePartner, scopeFilter } from '../repos/scope-repository';
import { COST_UNITS } from '../../schemas/route-master';
import { costUnitErrors } from './route-master-units';
import { OutOfReach, RuleRefusal, Taken } from './refusal';
import { checkSlugs } from './menu-slugs';
import { sidebarTarget } from './sidebar-target';
import { keepsGooglePlace } from './known-place-rows';
import { KNOWN_PLACE_MSG, knownPlaceGoogleSchema } from '../../schemas/known-place';
import { CONSIGNEE_MSG } from '../../schemas/consignee';

/**
 * What an AP config write may store (API.md "AP config"): the CBDT id is the company in scope's own id (the AP
 * service's entity of the company), the partner's 0 (none, also when missing) or one of the company's partner
 * companies, and the value a JSON object of at most AP_VALUE_MAX characters as JSON text. Every refusal names all
 * that is wrong, as a 400 that changes nothing.
 */
const apConfigRule: WriteRule = async (q, scope, body) => {
  const problems: string[] = [];
  if (String(body.cbdt_id) !== scope.companyId) problems.push(AP_MSG.cbdtNotCompany);
  const partner = body.partner_cbdt_id ?? 0;
  if (
    partner !== 0 &&
    !(await q.one('select 1 from company_partners where company_id = $1 and partner_id = $2', [
      scope.companyId,
      String(partner),
    ]))
  )
    problems.push(AP_MSG.partnerUnknown);
  if (JSON.stringify(body.value).length > AP_VALUE_MAX) problems.push(AP_MSG.valueTooLarge);
  if (problems.length > 0) throw new RuleRefusal(problems);
  return { ...body, partner_cbdt_id: partner };
};

/**
 * What a record of a resource with a master list stores (schemas/resource.ts `master`): a custom label trimmed, or the
 * picked master entry's id and its label (404 for an entry the list has not). A record the list of the scope already
 * shows (the same entry, or the same label ignoring case, also one of a narrower scope) is refused with the
 * declaration's words (409); the unique index refuses one stored meanwhile by another desk.
 */
const masterRule =
  (resource: Resource, master: ResourceMaster): WriteRule =>
  async (q, scope, body) => {
    const custom = body[master.label];
    const picked = typeof custom === 'string' ? null : String(body[master.field]);
    const label =
      picked === null
        ? String(custom).trim()
        : (
            await q.one<{ label: string }>(
              `select ${master.labelSql} as label from ${master.table} m where m.id = $1`,
              [picked],
            )
          )?.label;
    if (!label) throw new OutOfReach();
    const filter = scopeFilter(scope, 3);
    const { column: labelColumn } = resource.fields[master.label];
    const { column: masterColumn } = resource.fields[master.field];
    const same = await q.one(
      `select 1 from ${resource.table}
        where (${masterColumn} = $1 or lower(${labelColumn}) = lower($2)) and ${filter.sql} limit 1`,
      [picked, label, ...filter.params],
    );
    if (same && resource.taken !== undefined) throw new Taken([resource.taken]);
    return { [master.label]: label, [master.field]: picked };
  };

/**
 * What a UI config module stores (spec 001 section 7): the alerts it lists, each a known alert type (400 naming the
 * first that is not).
 */
const uiConfigRule: WriteRule = async (q, _scope, body) => {
  const keys = Array.isArray(body.extracontext) ? body.extracontext.map(String) : [];
  const known = await alertConfigRepository.knownAlertTypes(q, keys);
  const unknown = keys.find((key) => !known.has(key));
  if (unknown !== undefined) throw new RuleRefusal([`Unknown alert ${unknown}`]);
  return body;
};

/**
 * What an auto closure rule stores (spec 001 sections 3 and 7): its type and that type's fields of the body (section
 * 3's names), once its rows, distance bands and custom values are checked (server/rules/auto-closure-rows.ts); an
 * edit keeps the rule's type (400 otherwise).
 */
const autoClosureRule: WriteRule = async (q, scope, body, id) => {
  const type = AUTO_CLOSURE_TYPES.find((candidate) => candidate === body.autoClosureType);
  if (!type) throw new RuleRefusal([AUTO_CLOSURE_TEXT.type]);
  await checkRuleRows(q, { ...body }, scope.companyId);
  if (id !== null) {
    const stored = await q.one<{ type: string }>('select identifier as type from auto_closure_rules where id = $1', [
      id,
    ]);
    if (stored?.type !== type) throw new RuleRefusal([AUTO_CLOSURE_TEXT.typeLocked]);
  }
  return { autoClosureType: type, config: storedFields({ ...body, autoClosureType: type }) };
};

/**
 * The rules of the declared resources whose writes are checked beyond their body's schema (schemas/resource.ts
 * `api.ruleMessages` names their refusals), by resource name: each makes a body what is stored, in the write's
 * transaction, or throws the refusal.
 */
/**
 * What an ETA preferences save stores (API.md "Settings"): the company's stored engines with the SpeedBasedTransformer
 * engine's `minDistance` and `avgSpeed` as sent (a value not sent keeps the stored one; other engines stay), read
 * under the save's lock of the setting.
 */
const etaRule: WriteRule = async (q, scope, body) => {
  const stored = await q.one<{ setting: unknown }>(
    'select engine_setting as setting from eta_preferences where company_id = $1 for update',
    [scope.companyId],
  );
  const sent = isRecord(body.engineSetting) ? body.engineSetting : {};
  const speed = (value: unknown) => (typeof value === 'number' ? value : undefined);
  return {
    engineSetting: withSpeedParams(isRecord(stored?.setting) ? stored.setting : null, {
      minDistance: speed(sent.minDistance),
      avgSpeed: speed(sent.avgSpeed),
    }),
  };
};

/** A cost as the body's schema has checked it: a key of the cost units, its value and unit. */
const isCost = (value: unknown): value is { key: keyof typeof COST_UNITS; value: unknown; unit: string } =>
  isRecord(value) &&
  typeof value.key === 'string' &&
  Object.hasOwn(COST_UNITS, value.key) &&
  typeof value.unit === 'string';

/**
 * What a freight rate stores (API.md "Route master"): its transporter a TRANSPORTER partner of the company (404
 * otherwise, as an id out of reach), each cost in a unit of its key ('Please select unit'), the costs as key, value
 * and unit only.
 */
const routeMasterRule: WriteRule = async (q, scope, body) => {
  const costs = Array.isArray(body.data) ? body.data.filter(isCost) : [];
  const units = costUnitErrors(costs);
  if (units.length > 0) throw new RuleRefusal(units);
  await ensurePartner(q, scope.companyId, String(body.partnerId), 'TRANSPORTER');
  return { ...body, data: costs.map(({ key, value, unit }) => ({ key, value, unit })) };
};

/**
 * What a sidebar menu save stores (spec 001 section 7): whom the override is for and the feature key it is stored
 * under, from the body's role or user ids (not both: 400; see sidebar-target.ts); its menu slugs, each a live menu
 * item ('Please select menulist' otherwise), once each; enabled. An edit keeps its company and branch (a save never
 * moves an override); one that would make a second override of a target is refused by the unique index (409).
 */
const sidebarMenuRule: WriteRule = async (q, _scope, body) => {
  const userIds = Array.isArray(body.userId) ? body.userId.map(Number) : [];
  const roles = typeof body.roles === 'number' ? body.roles : null;
  const { target, featureKey } = sidebarTarget(roles, userIds);
  const slugs = Array.isArray(body.extracontext) ? [...new Set(body.extracontext.map(String))] : [];
  await checkSlugs(q, slugs);
  return { target, featureKey, roles, userId: userIds, extracontext: slugs, enabled: 1 };
};

/**
 * What a report schedule stores (API.md "Report schedules"). A create: its definition checked for the scope (its
 * company, and the chosen branch or none), the cron it runs on, and a job of its own. An edit keeps the schedule's
 * type and branch: a definition naming another branch is refused (400), one sent is checked as a create's is; the
 * active flag alone changes nothing else.
 */
const reportScheduleRule: WriteRule = async (q, scope, body, id) => {
  const sent = definitionOf(body.definition);
  if (id === null) {
    if (!sent || !isOneOf(REPORT_TYPES, body.type)) throw new RuleRefusal([REPORT_MSG.type]);
    const definition = await checkDefinition(q, body.type, sent, scope);
    return {
      entity_id: body.entity_id,
      type: body.type,
      definition,
      cron: definition.schedule.cron,
      job_uuid: randomUUID(),
      active: 1,
    };
  }
  const place = await reportScheduleRepository.placeOf(q, id);
  if (!place || !isOneOf(REPORT_TYPES, place.type)) throw new OutOfReach();
  const active = body.active === undefined ? {} : { active: body.active };
  if (!sent) return active;
  if ((sent.branch_id === undefined ? null : String(sent.branch_id)) !== place.branch_id)
    throw new RuleRefusal([BRANCH_FIXED]);
  // Checked for the branch chosen, or (the whole company chosen) for the schedule's own.
  const branchId = scope.branchId ?? place.branch_id;
  const definition = await checkDefinition(q, place.type, sent, { companyId: scope.companyId, branchId });
  return { ...active, definition, cron: definition.schedule.cron };
};

/** Whether a body is a waypoint's place as its call's schema checked it. */
const isWaypointPlace = schemaGuard(waypointBodySchema);

/**
 * What a waypoint stores (spec 000 section 4): its place as stored (every text present, no stray field), after its
 * route's last waypoint: the route is locked first, so two adds at once never take the same place in the sequence.
 */
const waypointRule: WriteRule = async (q, _scope, body) => {
  const { routeId, ...place } = body;
  if (!isWaypointPlace(place)) throw new RuleRefusal(['Please enter a label']);
  const sequence = await routeRepository.nextWaypoint(q, String(routeId));
  return { routeId, sequence, place: toStoredPlace(place) };
};

/** Google's place of a known place, as a body sends it (the call's schema has checked it). */
const isGooglePlace = schemaGuard(knownPlaceGoogleSchema);

/**
 * What an edit of a known place stores (spec 000 section 4): its label, address and code (trimmed as every text is)
 * and its radius when sent (one left out stays). Its Google address and coordinates are read-only: the edit form sends
 * back what it read, or nothing; a body naming another place or other coordinates is refused ('The field cannot be
 * edited'), as the form says.
 */
const knownPlaceRule: WriteRule = async (q, _scope, body, id) => {
  const stored = await q.one<{ google: unknown }>('select google from company_places where cp_id = $1', [id]);
  const sent = isGooglePlace(body.google) ? body.google : undefined;
  if (stored && isGooglePlace(stored.google) && !keepsGooglePlace(sent, stored.google))
    throw new RuleRefusal([KNOWN_PLACE_MSG.readOnly]);
  const { label, address, cpCode, geofenceRadius } = body;
  return { label, address, cpCode, ...(geofenceRadius !== undefined && { geofenceRadius }) };
};

/**
 * What an edit of a consignee stores (spec 002 section 3): its own fields and its place's label, address and code
 * (trimmed as every text is), its radius when sent. The body names its place by `cpId`, which must be the stored one
 * (else 404); the place's Google address and coordinates are read-only, as a known place's.
 */
const consigneeRule: WriteRule = async (q, _scope, body, id) => {
  const place = isRecord(body.place) ? body.place : {};
  const stored = await q.one<{ cpId: string; google: unknown }>(
    'select cp_id as "cpId", google from consignees where id = $1',
    [id],
  );
  if (!stored || stored.cpId !== place.cpId) throw new OutOfReach();
  const sent = isGooglePlace(place.google) ? place.google : undefined;
  if (isGooglePlace(stored.google) && !keepsGooglePlace(sent, stored.google))
    throw new RuleRefusal([CONSIGNEE_MSG.readOnly]);
  const { code, name, type, phone, email } = body;
  const { label, address, cpCode, geofenceRadius } = place;
  return {
    code,
    name,
    type,
    phone: phone ?? '',
    email,
    label,
    address,
    cpCode,
    ...(geofenceRadius !== undefined && { geofenceRadius }),
  };
};

const RESOURCE_RULES: Readonly<Record<string, WriteRule>> = {
  knownPlaces: knownPlaceRule,
  consignees: consigneeRule,
  waypoints: waypointRule,
  reportSchedules: reportScheduleRule,
  sidebarMenu: sidebarMenuRule,
  apConfig: apConfigRule,
  uiConfig: uiConfigRule,
  autoClosure: autoClosureRule,
  dashboards: dashboardRule,
  etaPreferences: etaRule,
  routeMaster: routeMasterRule,
};

/** The rule a resource's writes go through: its own, or that of its master list; none for one with neither. */
export const ruleOf = (resource: Resource): WriteRule | undefined =>
  RESOURCE_RULES[resource.name] ?? (resource.master && masterRule(resource, resource.master));
