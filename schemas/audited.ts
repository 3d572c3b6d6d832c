import { fieldsOf, idColumnOf, isVersioned, type Resource, type ResourceField } from './resource';
import { RESOURCES } from './resources';
import type { AuditedTable, AuditRef } from './audited/declaration';

export { type AuditedTable, type AuditRef, branchSql, type CompareSection } from './audited/declaration';

/** The columns every table's ids are named in without declaring them. */
const COMMON_REFS: Readonly<Record<string, AuditRef>> = {
  branch_id: 'branch',
  department_id: 'department',
  related_branch_id: 'branch',
  related_department_id: 'department',
};

/** What the id in a column of an object type names, if anything. */
export function refOf(objectType: string, column: string): AuditRef | undefined {
  return audited(objectType)?.refs?.[column] ?? COMMON_REFS[column];
}

/**
 * A field's value in words as SQL over the row `t`: a date as the console shows a day (`DD/MM/YYYY`), a number after
 * its label ("Partner CBDT ID 2001": a bare number names nothing), anything else as its text.
 */
function fieldSql(field: ResourceField): string {
  if (field.sql === 'date') return `to_char(t.${field.column}, 'DD/MM/YYYY')`;
  if (field.sql === 'integer' || field.sql === 'bigint' || field.sql === 'numeric')
    return `'${field.label.replaceAll("'", "''")} ' || t.${field.column}::text`;
  return `t.${field.column}::text`;
}

/**
 * How the audit finds a resource's record, and the id the Audit Log shows: its `id`, or (a table without one) its
 * company and natural key, shown by the key's last field (by the company where the key is the company alone).
 */
function identityOf(resource: Resource): Pick<AuditedTable, 'key' | 'id'> {
  if (!resource.noIdColumn) return { key: [idColumnOf(resource)], id: idColumnOf(resource) };
  const columns = resource.naturalKey.map((name) => resource.fields[name].column);
  return { key: ['company_id', ...columns], id: columns[columns.length - 1] ?? 'company_id' };
}

/**
 * A field's words after the record's name in a message ("Route code X" names the route's `code` as "code", not
 * "route code"): its label in lower case, the noun it starts with left out.
 */
function fieldAfterNoun(resource: Resource, field: ResourceField): string {
  const words = field.label.toLowerCase();
  const noun = `${resource.noun.toLowerCase()} `;
  return words.startsWith(noun) ? words.slice(noun.length) : words;
}

/** The audit declaration of a declared resource (schemas/resource.ts): its table, words and label from its fields. */
export function auditedOf(resource: Resource): AuditedTable {
  const fields = fieldsOf(resource);
  const images = fields.flatMap((field) => (field.image ? [{ ...field, ...field.image }] : []));
  const digests = fields.filter((field) => field.image || field.digest).map((field) => field.column);
  const words = Object.fromEntries([
    ...fields.map((field) => [field.column, field.label]),
    ...images.flatMap((image) => [
      [image.typeColumn, `${image.label} type`],
      [image.nameColumn, `${image.label} file`],
    ]),
  ]);
  return {
    objectType: resource.objectType,
    table: resource.table,
    name: `${resource.noun[0].toUpperCase()}${resource.noun.slice(1)}`,
    plural: resource.plural,
    ...identityOf(resource),
    tenant: 'company_id',
    ...(resource.reach !== 'company' && { branch: ['branch_id'] }),
    ...(resource.reach === 'department' && { department: ['department_id'] }),
    // A resource with calls keeps a record's version (its ETag, bumped by every save); one without keeps none.
    ...(isVersioned(resource) && { versioned: true }),
    // A child listed as its parent's (a route's waypoints) is counted with it.
    ...(resource.api?.parent?.list && { countedWithParent: true }),
    // An image is logged as a digest of its bytes, never the bytes; so is a secret.
    ...(digests.length > 0 && { digests }),
    ...(resource.keptCount && { keptCount: true }),
    label:
      resource.labelSql ??
      resource.label.map((name) => `coalesce(${fieldSql(resource.fields[name])}, '')`).join(" || ' · ' || "),
    ...(resource.refs && { refs: resource.refs }),
    fields: Object.fromEntries(
      fields.filter((field) => !field.owner).map((field) => [field.column, fieldAfterNoun(resource, field)]),
    ),
    words: { ...words, branch_id: 'Branch' },
  };
}

/** Every audited table: each declared resource's. */
export const ALL_AUDITED: readonly AuditedTable[] = RESOURCES.map(auditedOf);

/** The declaration of an object type the audit log names, or undefined for one no longer audited. */
export function audited(objectType: string): AuditedTable | undefined {
  return BY_TYPE.get(objectType);
}

const BY_TYPE = new Map<string, AuditedTable>(ALL_AUDITED.map((d) => [d.objectType, d]));

/** The declaration of an audited object type; throws for one that is none (a programming error). */
export function declarationOf(objectType: string): AuditedTable {
  const declaration = BY_TYPE.get(objectType);
  if (!declaration) throw new Error(`${objectType} is not an audited object type`);
  return declaration;
}

/** The declaration of a table, by the table's name. */
export function auditedTable(name: string): AuditedTable | undefined {
  return BY_TABLE.get(name);
}

const BY_TABLE = new Map<string, AuditedTable>(ALL_AUDITED.map((d) => [d.table, d]));
