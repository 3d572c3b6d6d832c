/**
 * The thread PGlite runs in (server/store/pglite-store.ts): Postgres compiled to WebAssembly runs each statement on
 * the thread that calls it, so a long read in the API's own thread would stop it answering anything (even
 * `/health`) for as long. Plain JavaScript, as the worker pool's entry, registering tsx for the TypeScript it loads.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { serveDatabase } = await import('./pglite-serve.ts');
await serveDatabase(parentPort, workerData);
