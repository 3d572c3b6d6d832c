/**
 * The entry of a pool's worker threads (server/workers/worker-pool.ts): plain JavaScript, so that any Node (20, 22,
 * 24) starts it whatever the parent ran under (`node --import tsx`, Vitest); it registers tsx's loader in this thread
 * (a worker does not inherit the parent's), then loads the TypeScript dispatcher and the pool's task module.
 */
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { dispatch } = await import('./worker-dispatch.ts');
const tasks = await import(workerData.tasks);

export default (message) => dispatch(tasks, message);
