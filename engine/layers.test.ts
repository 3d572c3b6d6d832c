import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ENGINE = resolve(__dirname);

/** Source files of the engine (tests and stories aside: they may reach further). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|stories)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The folder of the engine a file belongs to (`.` for the engine's own top-level files). */
const folderOf = (file: string) => relative(ENGINE, dirname(file)).split('/')[0] || '.';

/** Folder → the engine folders its files import statically (type imports included; `import()` is how layers defer, so left out). */
function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sources(ENGINE)) {
    const from = folderOf(file);
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gm)) {
      const target = resolve(dirname(file), spec);
      if (!target.startsWith(ENGINE)) continue;
      const to = folderOf(`${target}.ts`);
      if (to !== from) edges.add(to);
    }
  }
  return graph;
}

/** A cycle of folders, if any, as `a → b → a`. */
function findCycle(graph: Map<string, Set<string>>): string | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string | null => {
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node].join(' → ');
    if (state.get(node) === 'done') return null;
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

describe('engine layers', () => {
  it('has no import cycle between its folders', () => {
    expect(findCycle(folderGraph())).toBeNull();
  });

  it('does not depend on the app (screens/, src/)', () => {
    const offenders = sources(ENGINE).filter((file) =>
      /from\s+'(\.\.\/)+(screens|src)\//.test(readFileSync(file, 'utf8')),
    );
    expect(offenders.map((file) => relative(ENGINE, file))).toEqual([]);
  });
});
