import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isRecord } from '../guards';
import type { Contract } from './contract';

/**
 * Every call the platform API serves: the contracts of each `…Calls` export of the modules of this folder, found by
 * reading it (Node only: the server's document and its tests, the benches). A new family module here is in the
 * document, the route test and the fuzzer without being listed anywhere. Imported through the runtime's own loader.
 */
const HERE = dirname(fileURLToPath(import.meta.url));

/** Whether a value is a contract (what `defineCall` returns). */
function isContract(value: unknown): value is Contract {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.method === 'string' &&
    typeof value.path === 'string' &&
    typeof value.service === 'string' &&
    typeof value.envelope === 'string'
  );
}

/** The contracts of a module's `…Calls` exports (each an object of contracts by name). */
const callsOf = (exports: Record<string, unknown>): Contract[] =>
  Object.entries(exports).flatMap(([name, family]) =>
    name.endsWith('Calls') && isRecord(family) ? Object.values(family).filter(isContract) : [],
  );

async function readCalls(): Promise<readonly Contract[]> {
  const files = (await readdir(HERE)).filter((file) => /^[a-z-]+\.ts$/.test(file) && file !== 'all-calls.ts').sort();
  const modules: Record<string, unknown>[] = await Promise.all(
    files.map((file) => import(pathToFileURL(join(HERE, file)).href)),
  );
  // A family re-exported by another module (index.ts) counts once.
  return [...new Set(modules.flatMap(callsOf))];
}

/** Every call of the API contracts, family by family in file order. */
export const allCalls: readonly Contract[] = await readCalls();
