import Ajv, { type AnySchema } from 'ajv';
import { extendAjv } from './ajv-vocabulary';
import { ajvOptions, type SchemaCheck } from './ajv';

/** Made on first use: schemas/ajv.ts, which this module's options come from, imports this module. */
let shared: Ajv | undefined;

/**
 * The check of a schema, compiled by ajv as it is asked for (ajv caches it): what `validate()` (schemas/ajv.ts) runs
 * on the server, in tests and under the dev server. The console's production build replaces this module with
 * checks compiled at build time (vite.config.ts, scripts/precompiled-validators.ts), so that its browser never
 * compiles code (no `'unsafe-eval'` in its Content-Security-Policy); both expose this one function.
 */
export function compileSchema(schema: AnySchema): SchemaCheck {
  shared ??= extendAjv(new Ajv(ajvOptions));
  return shared.compile(schema);
}
