import { AP_MSG, AP_VALUE_MAX } from '../../schemas/ap-config';
import type { WriteRule } from '../repos/resource-table';
import { RuleRefusal } from './refusal';

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
 * The rules of the declared resources whose writes are checked beyond their body's schema (schemas/resource.ts
 * `api.ruleMessages` names their refusals), by resource name: each makes a body what is stored, in the write's
 * transaction, or throws the refusal.
 */
export const RESOURCE_RULES: Readonly<Record<string, WriteRule>> = { apConfig: apConfigRule };
