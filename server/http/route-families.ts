import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

/** A function that registers the routes of some calls (`route(app, call, handler)` for each). */
export type RouteFamily = (app: FastifyInstance, ctx: AppContext) => Promise<void>;

/** The folder every route family lives in. */
const ROUTES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'routes');

/** Whether an export of a route module is a route family: a function named `…Routes`. */
const isFamily = (name: string, value: unknown): value is RouteFamily =>
  name.endsWith('Routes') && typeof value === 'function';

/**
 * Every route family of `server/routes/`: the functions named `…Routes` its modules export, in file order. A new
 * module there is served without being listed anywhere; whether a call needs the desk token is its contract's
 * (`public`), not its file's. Imported through the runtime's own loader (tsx, Vitest), so the rules and errors the
 * routes throw are the same modules the error handler knows.
 */
export async function routeFamilies(): Promise<RouteFamily[]> {
  const files = (await readdir(ROUTES_DIR)).filter((file) => /^[a-z-]+\.ts$/.test(file)).sort();
  const modules: Record<string, unknown>[] = await Promise.all(
    files.map((file) => import(pathToFileURL(join(ROUTES_DIR, file)).href)),
  );
  return modules.flatMap((exports) =>
    Object.entries(exports).flatMap(([name, value]) => (isFamily(name, value) ? [value] : [])),
  );
}
