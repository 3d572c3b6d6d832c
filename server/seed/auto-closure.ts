import type { Queryable } from '../store/store';

/** Custom fields of Tata Steel that rule-based auto closure can test (as custom_values.<fieldId>). */
const CUSTOM_FIELDS: [company: string, fieldId: string, displayName: string][] = [
  ['1001', 'plant_code', 'Plant Code'],
  ['1001', 'invoice_number', 'Invoice Number'],
];

/** The custom fields auto closure rules can test (the demo rules are the declaration's seed); idempotent and independent of the one-time demo mark. */
export async function seedAutoClosure(q: Queryable): Promise<void> {
  for (const [company, fieldId, name] of CUSTOM_FIELDS) {
    await q.query(
      `insert into company_custom_fields (company_id, field_id, display_name) select $1, $2, $3
        where exists (select 1 from companies where id = $1) on conflict do nothing`,
      [company, fieldId, name],
    );
  }
}
