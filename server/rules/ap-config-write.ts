import { AP_MSG, AP_VALUE_MAX, type ApConfigBody } from '../../schemas/ap-config';
import { RuleRefusal } from './refusal';
import { apConfigRepository, type ApConfigWrite } from '../repos/ap-config-repository';
import type { Queryable } from '../store/store';

/**
 * What an AP config write may store (API.md "AP config"): the CBDT id is the company in scope's own id (the AP
 * service's entity of the company), the partner's 0 (none, also when missing) or one of the company's partner
 * companies, and the value a JSON object of at most AP_VALUE_MAX characters as JSON text. Every refusal names all
 * that is wrong, as a 400 that changes nothing.
 */
export async function apConfigWrite(q: Queryable, companyId: string, body: ApConfigBody): Promise<ApConfigWrite> {
  const problems: string[] = [];
  if (String(body.cbdt_id) !== companyId) problems.push(AP_MSG.cbdtNotCompany);
  const partner = body.partner_cbdt_id ?? 0;
  if (partner !== 0 && !(await apConfigRepository.isPartner(q, companyId, String(partner))))
    problems.push(AP_MSG.partnerUnknown);
  if (JSON.stringify(body.value).length > AP_VALUE_MAX) problems.push(AP_MSG.valueTooLarge);
  if (problems.length > 0) throw new RuleRefusal(problems);
  return {
    cbdt_id: body.cbdt_id,
    partner_cbdt_id: partner,
    type: body.type,
    value: body.value,
  };
}
