import type { Queryable } from '../store/store';
import { containsPattern } from './contains-pattern';

/** The SQL of a company's known places. */
export const placeRepository = {
  /**
   * The company's places whose label, code or address contains `text`, by label, at most 50. With `children` the
   * places kept for one partner (a transporter's places of a consignor) come too; otherwise only the company's own.
   */
  search(q: Queryable, companyId: string, text: string, children: boolean) {
    return q.query<{ cpId: string; cpCode: string; label: string; address: string }>(
      `select cp_id as "cpId", cp_code as "cpCode", label, address from company_places
        where company_id = $1 and ($2 or partner_id is null)
          and (label ilike $3 or cp_code ilike $3 or address ilike $3)
        order by label limit 50`,
      [companyId, children, containsPattern(text)],
    );
  },
};
