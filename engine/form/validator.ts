import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { deepEquals, retrieveSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { ajvOptions } from '../../schemas/ajv';
import { addVocabulary } from '../../schemas/ajv-vocabulary';

/** How many form schemas the validator remembers, to recognise the schemas rjsf resolves from them. */
const REMEMBERED = 32;

/**
 * The forms' validator: ajv 8 with the same options and vocabulary (ajv-errors, formats) as the server, so messages
 * match. This one compiles each schema as a form asks for it, which is what tests, Storybook and the dev server run;
 * the console's production build replaces this module with the same validation compiled at build time
 * (./precompiledFormValidator.ts, scripts/precompiled-validators.ts), so that no code is compiled in the browser.
 *
 * Like the precompiled one, it validates a form's schema as resolved for its data (rjsf's live validation, once a
 * submit failed) against the form's own schema: rjsf's merge of `allOf`/`if`-`then` loses the `errorMessage` texts,
 * which would turn 'Please enter ...' into "must have required property '...'" as the operator corrects the form.
 */
export function createFormValidator(): ValidatorType {
  const base = customizeValidator({ ajvOptionsOverrides: ajvOptions, extenderFn: addVocabulary });
  /** Form schemas met so far, the latest last (tried first). */
  const roots: RJSFSchema[] = [];
  const remember = (schema: RJSFSchema) => {
    const at = roots.indexOf(schema);
    if (at >= 0) roots.splice(at, 1);
    roots.push(schema);
    if (roots.length > REMEMBERED) roots.shift();
  };
  /** The schema to validate `formData` against: the form schema `schema` was resolved from, else `schema` itself. */
  const owner = (schema: RJSFSchema, formData: unknown): RJSFSchema => {
    if (roots.includes(schema)) return schema;
    for (let i = roots.length - 1; i >= 0; i -= 1) {
      const root = roots[i];
      if (deepEquals(root, schema)) return root;
      if (deepEquals(schema, retrieveSchema(base, root, root, formData))) return root;
    }
    remember(schema);
    return schema;
  };
  return {
    isValid: (schema, formData, rootSchema) => {
      if (rootSchema && rootSchema !== schema) remember(rootSchema);
      return base.isValid(schema, formData, rootSchema);
    },
    validateFormData: (formData, schema, customValidate, transformErrors, uiSchema) =>
      base.validateFormData(formData, owner(schema, formData), customValidate, transformErrors, uiSchema),
    rawValidation: (schema, formData) => base.rawValidation(schema, formData),
    reset: () => {
      roots.length = 0;
      base.reset?.();
    },
  };
}

export const validator = createFormValidator();
