import { customizeValidator } from '@rjsf/validator-ajv8';
import { ajvOptions } from '../../schemas/ajv';
import { addVocabulary } from '../../schemas/ajv-vocabulary';

/**
 * The forms' validator: ajv 8 with the same options and vocabulary (ajv-errors, formats) as the server, so messages
 * match. This one compiles each schema as a form asks for it, which is what tests, Storybook and the dev server run;
 * the console's production build replaces this module with the same validation compiled at build time
 * (./precompiledFormValidator.ts, scripts/precompiled-validators.ts), so that no code is compiled in the browser.
 */
export const validator = customizeValidator({
  ajvOptionsOverrides: ajvOptions,
  extenderFn: addVocabulary,
});
