import type {
  CustomValidator,
  ErrorTransformer,
  RJSFSchema,
  UiSchema,
  ValidationData,
  ValidatorType,
} from '@rjsf/utils';
import { deepEquals, hashForSchema, ID_KEY, retrieveSchema } from '@rjsf/utils';
import { createPrecompiledValidator, type ValidatorFunctions } from '@rjsf/validator-ajv8';

type Data = unknown;
type FormValidator = ValidatorType<Data, RJSFSchema>;

/** The key rjsf gives a schema among precompiled functions: its `$id`, else the hash of its content. */
const keyOf = (schema: RJSFSchema) => schema[ID_KEY] ?? hashForSchema(schema);

/** What a form validated with a schema the build did not compile is told: a missing form, not a user error. */
export function missingValidator(schema: RJSFSchema): Error {
  const name = typeof schema.title === 'string' ? ` "${schema.title}"` : '';
  return new Error(
    `No precompiled validator for the form schema${name} (${keyOf(schema)}): scripts/precompiled-validators.ts compiles the forms of screens/`,
  );
}

/**
 * The forms' validator in the built console, over functions ajv compiled at build time (scripts/precompiled-validators.ts):
 * for each form schema of the screens, the schema itself and the sub-schemas rjsf asks about (`if` conditions,
 * `oneOf` options). rjsf's precompiled validator serves one root schema while every FormView shares this validator,
 * so it keeps one per form schema it meets:
 * - a schema compiled as it is (a form's, on submit) is validated by its own function, as the compiling validator
 *   (./validator.ts) would;
 * - any other schema must be a form's schema resolved for its data (rjsf's live validation, once a submit failed):
 *   the data is validated against that form's schema, as rjsf's precompiled validator does. The messages and the
 *   fields they show under are those of the compiling validator, which validates the resolved schema itself; only
 *   ajv's schemaPath differs (./precompiledValidators.test.ts compares both on every form);
 * - otherwise it throws: a form whose schema was not compiled fails at once rather than accepting anything.
 */
export function createPrecompiledFormValidator(validateFns: ValidatorFunctions): FormValidator {
  /** A root schema's validator, with the schema it was made for. */
  type Root = { validator: FormValidator; rootSchema: RJSFSchema };
  const byKey = new Map<string, Root>();
  /** Validators of roots met so far, the latest last (tried first). */
  const roots: Root[] = [];

  const compiled = (schema: RJSFSchema) => {
    const key = keyOf(schema);
    if (!validateFns[key]) return undefined;
    let root = byKey.get(key);
    if (!root) {
      root = { validator: createPrecompiledValidator<Data, RJSFSchema>(validateFns, schema), rootSchema: schema };
      byKey.set(key, root);
    }
    return root;
  };
  const met = (root: Root) => {
    const at = roots.indexOf(root);
    if (at >= 0) roots.splice(at, 1);
    roots.push(root);
    return root;
  };
  const rootOf = (rootSchema: RJSFSchema) => {
    const root = compiled(rootSchema);
    if (!root) throw missingValidator(rootSchema);
    return met(root).validator;
  };
  /** The validator of a schema rjsf validates form data against: its own, or that of the root it resolves. */
  const owner = (schema: RJSFSchema, formData: Data) => {
    const own = compiled(schema);
    if (own) return met(own).validator;
    for (let i = roots.length - 1; i >= 0; i -= 1) {
      const { validator, rootSchema } = roots[i];
      if (deepEquals(schema, retrieveSchema(validator, rootSchema, rootSchema, formData))) return validator;
    }
    throw missingValidator(schema);
  };

  return {
    isValid: (schema, formData, rootSchema) => rootOf(rootSchema).isValid(schema, formData, rootSchema),
    validateFormData: (
      formData: Data,
      schema: RJSFSchema,
      customValidate?: CustomValidator<Data, RJSFSchema>,
      transformErrors?: ErrorTransformer<Data, RJSFSchema>,
      uiSchema?: UiSchema<Data, RJSFSchema>,
    ): ValidationData<Data> =>
      owner(schema, formData).validateFormData(formData, schema, customValidate, transformErrors, uiSchema),
    rawValidation: (schema, formData) => owner(schema, formData).rawValidation(schema, formData),
  };
}
