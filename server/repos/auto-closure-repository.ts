import type { CustomField } from '../../schemas/api/data';
import type { Queryable } from '../store/store';

/**
 * The SQL of the company custom fields auto closure rules test (spec 001 section 2.3); the rules are a declared
 * resource (schemas/resources/auto-closure.ts).
 */
export const autoClosureRepository = {
  /** The company's custom trip fields, by display name. */
  customFields(q: Queryable, companyId: string): Promise<CustomField[]> {
    return q.query<CustomField>(
      'select field_id as "fieldId", display_name as "displayName" from company_custom_fields where company_id = $1 order by display_name',
      [companyId],
    );
  },
  async hasCustomField(q: Queryable, companyId: string, fieldId: string): Promise<boolean> {
    return !!(await q.one('select 1 from company_custom_fields where company_id = $1 and field_id = $2', [
      companyId,
      fieldId,
    ]));
  },
};
