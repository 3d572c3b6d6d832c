import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import escapeHtml from 'escape-html';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

/**
 * Visual baselines of the stories (issue 37): every story's look, kept as PNG images in the repository
 * (`BASELINES`), compared with what the stories' run in Chromium captures (tests/stories/chromium.test.ts).
 *
 * A capture equal byte for byte to its baseline matches at once (Chromium writes the same PNG for the same pixels).
 * Otherwise pixelmatch compares the two images: a pixel differs when its colour is further than `PIXEL_THRESHOLD`
 * (pixelmatch's YIQ distance, 0 to 1) from the baseline's, anti-aliased edges aside, and the capture fails when more
 * than `TOLERANCE` of its pixels differ, or when its size changed. A failure writes the expected, actual and diff
 * images into `REPORT_DIR`, and the run's end writes `REPORT_DIR/index.html`, which shows them side by side.
 *
 * `npm run test:visual -- --update` (Vitest's `--update`) accepts the captures as the new baselines. A story with no
 * baseline gets one written, except in CI (`CI=1`, Vitest's snapshot rule), where it fails.
 */
export const BASELINES = 'tests/stories/__screenshots__';
export const REPORT_DIR = 'test-results/visual';
/** How far a pixel's colour may move before it counts as changed (pixelmatch's `threshold`). */
export const PIXEL_THRESHOLD = 0.02;
/** The share of a capture's pixels that may change before it fails: 0.05 %, e.g. 460 of a 1280 × 720 capture. */
export const TOLERANCE = 0.0005;

/** Vitest's snapshot mode: `all` with `--update`, `new` locally, `none` in CI. */
export type UpdateMode = 'all' | 'new' | 'none';

/** One capture of a story: its story, scheme and width, which name its image. */
export interface Capture {
  storyId: string;
  title: string;
  scheme: string;
  width: number;
}

interface Failure extends Capture {
  file: string;
  why: string;
  /** Images written into the report folder, relative to it. */
  expected?: string;
  actual: string;
  diff?: string;
}

const fileOf = ({ storyId, scheme, width }: Capture) => `${storyId}.${scheme}.${width}.png`;

const failures: Failure[] = [];
let compared = 0;
let written = 0;
/** Captures that matched only when taken again. */
let retaken = 0;
/** The baselines' files this run captured. */
const captured = new Set<string>();

/** Starts a run: the last run's report goes. */
export function startVisualRun() {
  rmSync(REPORT_DIR, { recursive: true, force: true });
}

/**
 * Takes a capture with `take` and compares it with its baseline (or writes it, see the module's text); resolves with
 * why it failed, or undefined when it matched or was written. A capture that differs is taken once more, after `take`
 * waited for the page to settle again: a late re-layout (a column measured once the rows are in) is not a change of
 * look, and only a second capture that differs too fails.
 */
export async function compareCapture(
  capture: Capture,
  take: () => Promise<Buffer>,
  mode: UpdateMode,
): Promise<string | undefined> {
  const file = fileOf(capture);
  const baseline = join(BASELINES, file);
  compared++;
  captured.add(file);
  let png = await take();
  let why = difference(baseline, png);
  if (why && !why.missing && mode !== 'all') {
    png = await take();
    why = difference(baseline, png);
    if (why === undefined) retaken++;
  }
  if (why === undefined) return undefined;
  // `--update` accepts a changed look; a missing baseline is written except in CI. A look within the tolerance keeps
  // its baseline, so that the images change only when the look does.
  if (mode === 'all' || (mode === 'new' && why.missing)) {
    mkdirSync(BASELINES, { recursive: true });
    writeFileSync(baseline, png);
    written++;
    return undefined;
  }
  if (why.missing)
    return fail(capture, file, png, undefined, `it has no baseline ${baseline}; run npm run test:visual -- --update`);
  return fail(capture, file, png, why.kept, why.text, why.diff);
}

/** Why a capture differs from its baseline, or undefined when it matches within the tolerance. */
function difference(
  baseline: string,
  png: Buffer,
): { missing: true } | { missing: false; kept: Buffer; text: string; diff?: Buffer } | undefined {
  if (!existsSync(baseline)) return { missing: true };
  const kept = readFileSync(baseline);
  if (kept.equals(png)) return undefined;
  const expected = PNG.sync.read(kept);
  const actual = PNG.sync.read(png);
  if (expected.width !== actual.width || expected.height !== actual.height)
    return {
      missing: false,
      kept,
      text: `its size changed from ${expected.width} × ${expected.height} to ${actual.width} × ${actual.height} px`,
    };
  const { width, height } = actual;
  const diff = new PNG({ width, height });
  const changed = pixelmatch(expected.data, actual.data, diff.data, width, height, { threshold: PIXEL_THRESHOLD });
  if (changed <= TOLERANCE * width * height) return undefined;
  const share = ((100 * changed) / (width * height)).toFixed(2);
  return { missing: false, kept, text: `${changed} pixels (${share} %) changed`, diff: PNG.sync.write(diff) };
}

function fail(capture: Capture, file: string, png: Buffer, kept: Buffer | undefined, why: string, diff?: Buffer) {
  mkdirSync(REPORT_DIR, { recursive: true });
  const stem = file.replace(/\.png$/, '');
  const save = (suffix: string, image: Buffer) => {
    writeFileSync(join(REPORT_DIR, `${stem}.${suffix}.png`), image);
    return `${stem}.${suffix}.png`;
  };
  failures.push({
    ...capture,
    file: join(BASELINES, file),
    why,
    actual: save('actual', png),
    expected: kept && save('expected', kept),
    diff: diff && save('diff', diff),
  });
  return `Its look in ${capture.scheme} at ${capture.width} px differs from ${join(BASELINES, file)}: ${why} (report: ${REPORT_DIR}/index.html)`;
}

/**
 * Ends a run: writes the report (every failed capture with its expected, actual and diff images side by side) when a
 * capture failed, and returns a line saying what the run did.
 */
export function finishVisualRun(): string {
  // Baselines of stories that are gone (or were not run this time, under a filter), named so they can be deleted.
  const unused = existsSync(BASELINES) ? readdirSync(BASELINES).filter((file) => !captured.has(file)) : [];
  const summary = [
    `Visual baselines: ${compared} captures compared, ${failures.length} differ, ${written} written, ${retaken} matched when taken again`,
    unused.length ? `; not captured this run: ${unused.slice(0, 20).join(', ')}${unused.length > 20 ? ', …' : ''}` : '',
  ].join('');
  if (failures.length === 0) return summary;
  const image = (label: string, src?: string) =>
    `<figure><figcaption>${label}</figcaption>${src ? `<a href="${escapeHtml(src)}"><img src="${escapeHtml(src)}" alt="${label}" loading="lazy"></a>` : '<p>none</p>'}</figure>`;
  const rows = failures
    .map(
      (f) => `<section>
<h2>${escapeHtml(f.title)} <small>${escapeHtml(f.storyId)} · ${escapeHtml(f.scheme)} · ${f.width} px</small></h2>
<p>${escapeHtml(f.why)}. Baseline: <code>${escapeHtml(f.file)}</code></p>
<div class="images">${image('Expected', f.expected)}${image('Actual', f.actual)}${image('Diff', f.diff)}</div>
</section>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Visual changes: ${failures.length}</title>
<style>
body { font: 14px/1.5 system-ui, sans-serif; margin: 24px; color: #1f1f1f; }
h1 { font-size: 20px; } h2 { font-size: 16px; margin: 32px 0 4px; } small { color: #595959; font-weight: normal; }
.images { display: grid; grid-template-columns: repeat(3, 1fr); gap: 12px; }
figure { margin: 0; } figcaption { font-weight: 600; } img { width: 100%; border: 1px solid #d9d9d9; }
</style></head><body>
<h1>${failures.length} of ${compared} captures differ from their baselines</h1>
<p>Red pixels in the diff changed. If the new look is meant, accept it with <code>npm run test:visual -- --update</code>
and commit the images under <code>${BASELINES}</code>.</p>
${rows}
</body></html>
`;
  writeFileSync(join(REPORT_DIR, 'index.html'), html);
  return `${summary}; report: ${REPORT_DIR}/index.html`;
}
