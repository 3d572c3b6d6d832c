import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { BodyOf, Contract, DataOf as AnswerOf, MetaOf } from '../../schemas/api/contract';
import type { Endpoint } from '../data/endpoint';
import type { FormConfig, Submission, SubmitContext } from '../form/types';
import type { FormData, MenuEntry, Row } from '../types';
import type { ListConfig } from '../list/types';
import type { SheetConfig } from '../sheet/types';

/**
 * The data of a form with schema `S`. A root if/then/else (one branch per type of record, e.g. the dashboard types)
 * gives a union of the branches; if/thens inside `allOf` (rules that add requirements) are left to the validator, as
 * json-schema-to-ts would multiply them into a union with no known fields. The wide `JSONSchema` (while `S` is still
 * being inferred) gives plain records.
 */
type DataOf<S extends JSONSchema> = JSONSchema extends S
  ? FormData
  : S extends { readonly if: unknown }
    ? FromSchema<S, { parseIfThenElseKeywords: true }>
    : FromSchema<S>;

/**
 * The record a load call answers: its declared answer (a form is shown a record, never the null of none found); for
 * a data-family call that sends no data, the result's other fields (`meta`), which the console reads as its data; a
 * plain `Row` while no answer is declared.
 */
type RecordOf<Load extends Contract> =
  unknown extends AnswerOf<Load>
    ? Row
    : [NonNullable<AnswerOf<Load>>] extends [never]
      ? MetaOf<Load>
      : NonNullable<AnswerOf<Load>>;

/**
 * A form config as a screen writes it: its schema decides the form data's type, its submit calls the body's, and its
 * load call the record's (the answer, or what `pick` takes from it).
 */
export type FormDefinition<
  S extends JSONSchema,
  Create extends Contract,
  Update extends Contract,
  Load extends Contract,
  Rec,
> = Omit<
  FormConfig<NoInfer<DataOf<S>>, Rec, NoInfer<BodyOf<Create> | BodyOf<Update>>>,
  'kind' | 'schema' | 'submit' | 'toSubmission' | 'load' | 'toForm'
> & {
  schema: S;
  submit: { create: Endpoint<Create>; update?: Endpoint<Update> };
  load?: Omit<NonNullable<FormConfig['load']>, 'endpoint' | 'pick'> & {
    endpoint: Endpoint<Load>;
    /** The record in the answer's data (absent: the data is the record). */
    pick?: (data: AnswerOf<Load>) => Rec | undefined;
  };
  /** The loaded record (of the load call's type) as form data. */
  toForm?: (record: NoInfer<Rec>) => FormData;
  /**
   * A function property, not a method, so its parameter is checked strictly: an annotation other than the
   * schema's data type (or a wider one) is an error, not a silent cast.
   */
  toSubmission?: (
    formData: NoInfer<DataOf<S>>,
    ctx: SubmitContext<Rec>,
  ) => Submission<NoInfer<BodyOf<Create> | BodyOf<Update>>>;
};

/**
 * A typed form config: the form data type comes from `schema` (json-schema-to-ts), the record type from the load
 * call's answer (or its `pick`), and `toSubmission` must return the body of the `submit` calls' contracts. The engine holds
 * the result as a plain `FormConfig`: it hands each function the data the form validated against that schema.
 */
export function defineForm<
  const S extends JSONSchema,
  Create extends Contract = Contract,
  Update extends Contract = Create,
  Load extends Contract = Contract,
  Rec = RecordOf<Load>,
>(config: FormDefinition<S, Create, Update, Load, Rec>): FormConfig {
  return { kind: 'form', ...config } as FormConfig;
}

/**
 * A local form (a mock-up that saves and sends nothing): schema, uiSchema (its visibility rules live in the schema's
 * if/then and dependencies) and title; no company needed, no submit button.
 */
export function defineLocalForm<const S extends JSONSchema>(
  config: Pick<FormConfig, 'path' | 'title' | 'uiSchema' | 'columns'> & { schema: S; menu?: MenuEntry },
): FormConfig {
  // `local` tells the engine never to read the save calls and messages such a form lacks.
  return { kind: 'form', requiresCompany: false, local: true, ...config } as unknown as FormConfig;
}

/**
 * The rows a list's source call answers: the items of its answer (a list), or of the list at `rows` or `data` in it
 * (a page of rows with their total, as `paging.rows` names it); a plain `Row` while the call's answer is not declared.
 */
export type RowsOf<C extends Contract> =
  unknown extends AnswerOf<C>
    ? Row
    : AnswerOf<C> extends readonly (infer R)[]
      ? R
      : AnswerOf<C> extends { readonly rows: readonly (infer R)[] }
        ? R
        : AnswerOf<C> extends { readonly data: readonly (infer R)[] }
          ? R
          : Row;

/** A list config as a screen writes it: its rows are those its `source` call answers (see {@link RowsOf}). */
export type ListDefinition<C extends Contract, R> = Omit<ListConfig<R>, 'kind' | 'source'> & { source: Endpoint<C> };

/**
 * A typed list config: the row type comes from the answer of its `source` call's contract, so columns, the row key
 * and every function over a row are checked against what the server sends. `R` narrows it where the call answers
 * several kinds of rows and the list's query picks one (the partners of one type). The engine holds it as a
 * plain `ListConfig`: the rows it hands over are those the source answered.
 */
export function defineList<C extends Contract, R extends RowsOf<C> = RowsOf<C>>(
  config: ListDefinition<C, NoInfer<R>>,
): ListConfig {
  return { kind: 'list', ...config } as unknown as ListConfig;
}

/** A typed sheet config: `Answer` is what the bulk call answers (the `results` parameter). */
export function defineSheet<Answer>(config: Omit<SheetConfig<Answer>, 'kind'>): SheetConfig {
  return { kind: 'sheet', ...config } as SheetConfig;
}
