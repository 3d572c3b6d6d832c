/**
 * `npm start`: builds the console only when its sources changed since the last build, quietly (one line; the build's
 * own output only when it fails), then starts the platform API serving it (server/main.ts), which prints the URL and
 * how to log in.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the console's build reads (besides node_modules, which package-lock.json stands for). */
const SOURCES = [
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'public',
  'src',
  'engine',
  'screens',
  'schemas',
  'scripts/precompiled-validators.ts',
  'scripts/precompiled-validators-plugin.ts',
  'server/geocoder',
];
/** The build's last output: written after everything else it makes. */
const BUILT = 'dist/index.html';

/** The newest modification time (ms) of a file, or of the files under a folder; 0 when it does not exist. */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    stat.mtimeMs,
    ...readdirSync(path, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => statSync(join(entry.parentPath, entry.name)).mtimeMs),
  );
}

const builtAt = newest(BUILT);
const changed = builtAt === 0 || SOURCES.some((source) => newest(source) > builtAt);
if (changed) {
  const started = Date.now();
  process.stdout.write(builtAt === 0 ? 'Building the console… ' : 'Sources changed: building the console… ');
  const build = spawnSync('npm', ['run', '--silent', 'build'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (build.status !== 0) {
    process.stdout.write('failed\n');
    process.stderr.write(`${build.stdout}${build.stderr}`);
    process.exit(build.status ?? 1);
  }
  console.log(`done in ${Math.round((Date.now() - started) / 1000)} s`);
} else {
  console.log('The console is built and up to date with its sources.');
}

await import('../server/main');
