/**
 * Global setup of the stories' run (tests/stories/chromium.test.ts): builds Storybook once for testing (`storybook
 * build --test --preview-only`: the stories' iframe, no manager UI, no docs) into a temporary folder, serves it on a
 * local port and hands the files the URL and the stories of the build's index. `STORYBOOK_DIR=storybook-static` runs
 * the stories of an existing build instead of building: one made under `NODE_ENV=test`, as Vitest runs this build
 * (`NODE_ENV=test npm run build-storybook`; antd's motion is off in it, as in the visual baselines).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import type { TestProject } from 'vitest/node';

/** A story of the build's index (`index.json`). */
export interface IndexedStory {
  id: string;
  title: string;
  name: string;
  importPath: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the built Storybook is served, e.g. `http://127.0.0.1:41234`. */
    storybookUrl: string;
    /** Every story of the build, in the index's order. */
    stories: IndexedStory[];
    /** How many pages show stories at once: the project's `maxConcurrency`. */
    storyPages: number;
    /** Vitest's snapshot mode, which the visual baselines follow: `all` with `--update` (tests/stories/visual.ts). */
    visualUpdate: 'all' | 'new' | 'none';
  }
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
};

/** Runs `storybook build` for testing into `outDir`, failing with its output if the build fails. */
function buildStorybook(outDir: string): Promise<void> {
  const bin = resolve('node_modules/.bin/storybook');
  const args = ['build', '--test', '--preview-only', '--quiet', '--disable-telemetry', '-o', outDir];
  return new Promise((done, fail) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', fail);
    child.on('close', (code) =>
      code === 0 ? done() : fail(new Error(`storybook build exited with ${code}:\n${output.slice(-4000)}`)),
    );
  });
}

export default async function setup(project: TestProject) {
  const given = process.env.STORYBOOK_DIR;
  const root = given ? resolve(given) : mkdtempSync(join(tmpdir(), 'lego-storybook-'));
  if (!given) {
    const started = Date.now();
    await buildStorybook(root);
    console.log(`Storybook built for the stories' run in ${Math.round((Date.now() - started) / 1000)} s`);
  }
  const index = JSON.parse(await readFile(join(root, 'index.json'), 'utf8')) as {
    entries: Record<string, IndexedStory & { type: string }>;
  };
  const stories = Object.values(index.entries)
    .filter((entry) => entry.type === 'story')
    .map(({ id, title, name, importPath }) => ({ id, title, name, importPath: importPath.replace(/^\.\//, '') }));

  // The build's files as they are: no caching, no directory listings, nothing outside the folder.
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const file = resolve(root, `.${path === '/' ? '/index.html' : path}`);
    if (!file.startsWith(root + sep)) return response.writeHead(403).end();
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  project.provide('storybookUrl', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  project.provide('stories', stories);
  project.provide('storyPages', project.config.maxConcurrency);
  project.provide('visualUpdate', project.config.snapshotOptions.updateSnapshot);
  return async () => {
    await new Promise((closed) => server.close(closed));
    if (!given) rmSync(root, { recursive: true, force: true });
  };
}
