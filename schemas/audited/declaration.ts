/**
 * An audited table of a company's configuration as the audit reads it, derived from its resource's declaration
 * (schemas/resource.ts `defineResource`, schemas/audited.ts `auditedOf`; DESIGN.md "one declaration per stored
 * aggregate"): where the record is kept, how it is found within its tenant, how it is named in words. The audit
 * trigger of each table is made from it when the server migrates (server/store/audit-triggers.ts); revert, copy,
 * compare and the Audit Log read it; nothing else keeps a list.
 */
export interface AuditedTable {
  /** The object type the audit log records (`route_master`). */
  objectType: string;
  table: string;
  /** What one record is called, and several. */
  name: string;
  plural: string;
  /**
   * The columns that find one record: the table's primary key. Where that key is unique only inside a company
   * (landing pages, ETA preferences), the company is part of it.
   */
  key: readonly string[];
  /** The column the Audit Log shows as the object's id. */
  id: string;
  /**
   * Whose record it is: its own `company_id`, or (a row without one) its parent's, through the column that names the
   * parent's `id`.
   */
  tenant: { parent: string; via: string } | 'company_id';
  /** Where its branch is, as a path of keys into the row (`definition,branch_id`); none: the company's. */
  branch?: readonly string[];
  /** Where its department is, the same way (a record of a branch's department); none: it has none. */
  department?: readonly string[];
  /** Every write bumps its `version` column (the record's ETag). */
  versioned?: true;
  /** Columns the audit keeps only as an md5 digest (secrets, images). */
  digests?: readonly string[];
  /** SQL over the row `t` that names a record in a message ("Vehicle MH12AB1234"). */
  label: string;
  /** Words for the columns a message may name (a unique value taken: "Known place code KP-17"). */
  fields?: Readonly<Record<string, string>>;
  /** Each column's name in words, for the Audit Log's changed fields (a declared resource's field labels). */
  words?: Readonly<Record<string, string>>;
  /**
   * Columns holding the id of something with a name (a route, a user, an alert type…), which the Audit Log shows by
   * name beside the id ('Priya Sharma (u-ops)'); a column of a list of ids is named element by element. A table's
   * `branch_id` and `department_id` are named without being declared (see {@link refOf}).
   */
  refs?: Readonly<Record<string, AuditRef>>;
  /**
   * The database keeps its number of rows per company and scope as rows come and go (`list_counts`, migrations 200 and
   * 225; where the table has a branch, `k1` is it): read instead of counting a big company's every row.
   */
  keptCount?: true;
  /** Its records are counted with their parent's, not as a kind of their own (a route's waypoints). */
  countedWithParent?: true;
}

/**
 * An area of Compare and Copy (schemas/config-copy.ts, server/repos/config-areas.ts): what of a table it compares,
 * how an item is matched across companies, and how a copied item is placed in the target. Its rows are the scope's:
 * the company's, and where the table has a branch, the chosen branch's (none chosen: the company-wide rows); a table
 * kept per company is not compared with a branch chosen. A row's placement (its key, company, branch, department) and
 * bookkeeping (version, created and updated at and by) are neither compared nor copied.
 */
export interface CompareSection {
  /** The area's name in code: the copy call's `area`. */
  name: string;
  /** Its heading in Compare. */
  title: string;
  /** What matches an item across companies, in words. */
  keyWords: string;
  /** The same as SQL over the row `t`: the natural key. */
  key: string;
  /** SQL over `t` that names an item, where not the table's `label`. */
  label?: string;
  /** Its rows may be a department's: only those of none are compared (a comparison is of companies and branches). */
  departments?: true;
  /** A further condition over `t` its rows meet (one table's rows in two areas). */
  where?: string;
  /** More columns that are the row's own rather than its configuration (a report schedule's entity and job). */
  own?: readonly string[];
  /** The prefix of the `id` of a row created in the target (none: the table's default gives it, or it has no id). */
  idPrefix?: string;
}

/** What an id in a column names: each kind is looked up in its own table (server/rules/audit-names.ts). */
export type AuditRef =
  | 'branch'
  | 'department'
  | 'company'
  | 'user'
  | 'route'
  | 'vehicle'
  | 'material'
  | 'place'
  | 'alertType'
  | 'event';

/**
 * A record's branch as SQL over the row `t`, from its declaration's path of keys: a column, or a key inside a JSON
 * column (`definition,branch_id`).
 */
export function branchSql(path: readonly string[]): string {
  const [column, ...inside] = path;
  return inside.length === 0 ? `t.${column}` : `t.${column} #>> '{${inside.join(',')}}'`;
}
