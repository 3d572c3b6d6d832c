import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { BodyOf, Contract } from '../schemas/api/contract';
import type { Endpoint } from './data/endpoint';
import type { FormConfig, FormData, ListConfig, MenuEntry, Row, SheetConfig, Submission, SubmitContext } from './types';

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

/** A form config as a screen writes it: its schema decides the form data's type, its submit calls the body's. */
export type FormDefinition<S extends JSONSchema, Create extends Contract, Update extends Contract, Rec> =
  Omit<FormConfig<NoInfer<DataOf<S>>, Rec, NoInfer<BodyOf<Create> | BodyOf<Update>>>, 'kind' | 'schema' | 'submit' | 'toSubmission'> & {
    schema: S;
    submit: { create: Endpoint<Create>; update?: Endpoint<Update> };
    /**
     * A function property, not a method, so its parameter is checked strictly: an annotation other than the
     * schema's data type (or a wider one) is an error, not a silent cast.
     */
    toSubmission?: (formData: NoInfer<DataOf<S>>, ctx: SubmitContext<Rec>) => Submission<NoInfer<BodyOf<Create> | BodyOf<Update>>>;
  };

/**
 * A typed form config: the form data type comes from `schema` (json-schema-to-ts), the record type from the
 * `toForm` parameter, and `toSubmission` must return the body of the `submit` calls' contracts. The engine holds
 * the result as a plain `FormConfig`: it hands each function the data the form validated against that schema.
 */
export function defineForm<const S extends JSONSchema, Create extends Contract = Contract, Update extends Contract = Create, Rec = Row>(
  config: FormDefinition<S, Create, Update, Rec>,
): FormConfig {
  return { kind: 'form', ...config } as FormConfig;
}

/**
 * A local form (a mock-up that saves and sends nothing): schema, uiSchema (its visibility rules live in the schema's
 * if/then and dependencies) and title; no company needed, no submit button.
 */
export function defineLocalForm<const S extends JSONSchema>(config: Pick<FormConfig, 'path' | 'title' | 'uiSchema' | 'columns'> & { schema: S; menu?: MenuEntry }): FormConfig {
  // `local` tells the engine never to read the save calls and messages such a form lacks.
  return { kind: 'form', requiresCompany: false, local: true, ...config } as unknown as FormConfig;
}

/**
 * A typed list config: the row type `R` comes from the functions' parameters (a column's `value`, a toggle's
 * `input`...). The engine holds it as a plain `ListConfig`: the rows it hands over are those the source answered.
 */
export function defineList<R = Row>(config: Omit<ListConfig<R>, 'kind'>): ListConfig {
  return { kind: 'list', ...config } as ListConfig;
}

/** A typed sheet config: `Answer` is what the bulk call answers (the `results` parameter). */
export function defineSheet<Answer>(config: Omit<SheetConfig<Answer>, 'kind'>): SheetConfig {
  return { kind: 'sheet', ...config } as SheetConfig;
}
