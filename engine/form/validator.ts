import { customizeValidator } from '@rjsf/validator-ajv8';
import { addVocabulary, ajvOptions } from '../../schemas/ajv';

/** The forms' validator: ajv 8 with the same options and vocabulary (ajv-errors, formats) as the server, so messages match. */
export const validator = customizeValidator({
  ajvOptionsOverrides: ajvOptions,
  extenderFn: addVocabulary,
});
