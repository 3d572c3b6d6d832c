import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = resolve(__dirname);

/** The source files of a folder of the server (tests aside). */
function sources(folder: string): string[] {
  const dir = join(SERVER, folder);
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return sources(join(folder, entry.name));
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [join(dir, entry.name)] : [];
  });
}

/** What a file imports (static imports and re-exports, type imports included), as written. */
const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'([^']+)'/gm)].map(([, spec]) => spec);

/** The files of `folder` that import a module `forbidden` matches, with what they import. */
function offenders(folder: string, forbidden: RegExp): string[] {
  return sources(folder).flatMap((file) =>
    importsOf(file)
      .filter((spec) => forbidden.test(spec))
      .map((spec) => `${relative(SERVER, file)} imports ${spec}`),
  );
}

describe('server layers', () => {
  it('keeps the rules free of HTTP: no Fastify, no envelope errors, no routes (a route turns a refusal into its answer)', () => {
    expect(offenders('rules', /^fastify$|^@fastify\/|\/http\/envelope$|\/routes\//)).toEqual([]);
  });

  it('keeps the adapters (outside systems, file formats) apart from the API: no routes, HTTP, rules, jobs or workers', () => {
    expect(offenders('adapters', /^fastify$|^@fastify\/|\/(routes|http|rules|jobs|workers)\//)).toEqual([]);
  });
});
