import { customizeValidator } from '@rjsf/validator-ajv8';
import ajvErrors from 'ajv-errors';
import { ajvOptions } from '../../schemas/ajv';

/** The forms' validator: ajv 8 with ajv-errors and the same options as the server, so messages match. */
export const validator = customizeValidator({
  ajvOptionsOverrides: ajvOptions,
  extenderFn: (ajv) => {
    ajvErrors(ajv);
    return ajv;
  },
});
