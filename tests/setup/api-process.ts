import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The repository's root, where `server/main.ts` is started from. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The platform API as `npm start` runs it, in a process of its own. */
export interface ApiProcess {
  url: string;
  port: number;
  /** Its name on the leases it holds (server/jobs/lease.ts), as it printed it. */
  owner: string;
  child: ChildProcess;
  /** What it printed so far. */
  readonly output: string;
  /** Whether it is still running (not exited, not killed). */
  readonly alive: boolean;
}

/**
 * Starts `server/main.ts` on a free port of 127.0.0.1 with `env` over this process's environment, and answers
 * once it listens (it printed its address and lease name). Throws with its output when it exits first or takes
 * longer than `timeoutMs`.
 */
export async function startApiProcess(
  env: Record<string, string | undefined>,
  timeoutMs = 90_000,
  /** Told the process's pid as soon as it is spawned (before it listens), so that someone can stop it whatever happens. */
  onSpawn?: (pid: number) => void,
): Promise<ApiProcess> {
  const port = await freePort();
  // A variable given as undefined is left out (e.g. DATABASE_URL, for a server on PGlite).
  const merged = Object.fromEntries(
    Object.entries({ ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env }).filter(
      ([, v]) => v !== undefined,
    ),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid !== undefined) onSpawn?.(child.pid);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = /platform API at \S+ \(\w+\)\n[^\n]*name on the jobs it runs: (instance-[\w-]+)/.exec(output);
    if (match) {
      return {
        url: `http://127.0.0.1:${port}`,
        port,
        owner: match[1],
        child,
        get output() {
          return output;
        },
        get alive() {
          return child.exitCode === null && child.signalCode === null;
        },
      };
    }
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
