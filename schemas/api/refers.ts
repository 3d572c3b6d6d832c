import type { CompanyWide, Contract } from './contract';
import { AGGREGATES } from './aggregates';

export { platformWide, REASONS } from './reasons';

/**
 * Why an id a call names is not a record of the scope's branch (its contract's `refers`): the company-wide aggregates
 * several families name, the reasons several calls share, and the words a reason is shown in.
 */

/** A partner company of the company (a consignor a TRANSPORTER keeps places and consignees for, a transporter). */
export const PARTNER = AGGREGATES.partner;

/** A consignee of the company (the partners look-up reads one by id, the consignee calls edit it). */
export const CONSIGNEE = AGGREGATES.consignee;

/** Why a call does not bind an id to the scope's branch, in words: a company-wide aggregate's are its declaration's. */
export const reasonOf = (referent: CompanyWide | string): string =>
  typeof referent === 'string'
    ? referent
    : `a ${referent.name} (${referent.table}) belongs to the whole company (no branch column): reachable from every branch`;

/** A call's `refers` in words, by where it names each id. */
export const reasonsOf = (call: Contract): Record<string, string> =>
  Object.fromEntries(Object.entries(call.refers ?? {}).map(([at, referent]) => [at, reasonOf(referent)]));
