import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

/** The modules that compile schemas in the browser, by path from the project root, and what replaces each. */
const REPLACED: Record<string, { id: string; code: (path: (file: string) => string) => string }> = {
  'engine/form/validator.ts': {
    id: '\0precompiled:form-validator',
    code: (path) => `import { validateFns } from 'virtual:precompiled-form-validators';
import { createPrecompiledFormValidator } from ${JSON.stringify(path('engine/form/precompiledFormValidator.ts'))};
export const validator = createPrecompiledFormValidator(validateFns);
`,
  },
  'schemas/schema-compiler.ts': {
    id: '\0precompiled:schema-compiler',
    code: (path) => `import { checks } from 'virtual:precompiled-schema-checks';
import { createPrecompiledSchemaCompiler } from ${JSON.stringify(path('engine/form/precompiledSchemaCompiler.ts'))};
export const compileSchema = createPrecompiledSchemaCompiler(checks);
`,
  },
};
const FORMS = 'virtual:precompiled-form-validators';
const FIELDS = 'virtual:precompiled-schema-checks';

/**
 * The console's build without ajv's compiler: engine/form/validator.ts and schemas/schema-compiler.ts, which compile
 * schemas as they are used (tests, Storybook and the dev server keep them), are replaced by the same validation
 * compiled now, by scripts/precompiled-validators.ts from the schemas of screens/ and the fields checked alone. The
 * browser then never compiles code, so the Content-Security-Policy needs no 'unsafe-eval'. Builds only, and not
 * Storybook's (its stories validate schemas of their own).
 */
export function precompiledValidators(): Plugin {
  let root = '';
  let enabled = false;
  let generated: Promise<{ forms: string; fields: string }> | undefined;
  const path = (file: string) => join(root, file);
  const generate = async () => {
    // tsx loads the generator and the screens it reads (TypeScript) in this process, as the server is run.
    const { tsImport } = await import('tsx/esm/api');
    const parent = pathToFileURL(join(root, 'vite.config.ts')).href;
    const generator = await tsImport(path('scripts/precompiled-validators.ts'), parent);
    return generator.precompiledValidators((file: string) => tsImport(file, parent)) as Promise<{
      forms: string;
      fields: string;
    }>;
  };
  const replacements = new Map<string, string>();
  return {
    name: 'precompiled-validators',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
      enabled = !config.plugins.some((plugin) => plugin.name.startsWith('storybook:'));
      for (const [file, { id }] of Object.entries(REPLACED)) replacements.set(path(file), id);
    },
    async resolveId(source, importer) {
      if (!enabled) return null;
      if (source === FORMS || source === FIELDS) return `\0${source}`;
      // Only imports that may name a replaced module are resolved again (every other import goes its usual way).
      if (!importer || !/(validator|schema-compiler)(\.ts)?$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return (resolved && replacements.get(resolved.id)) ?? null;
    },
    async load(id) {
      if (!enabled) return null;
      const replaced = Object.values(REPLACED).find((entry) => entry.id === id);
      if (replaced) return replaced.code(path);
      if (id === `\0${FORMS}` || id === `\0${FIELDS}`) {
        generated ??= generate();
        const { forms, fields } = await generated;
        return id === `\0${FORMS}` ? forms : fields;
      }
      return null;
    },
  };
}
