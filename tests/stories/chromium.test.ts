import { chromium, type Browser, type Page } from 'playwright-core';
import {
  PLAY_FUNCTION_THREW_EXCEPTION,
  SET_CURRENT_STORY,
  STORY_ERRORED,
  STORY_FINISHED,
  STORY_MISSING,
  STORY_PREPARED,
  STORY_THREW_EXCEPTION,
  UNHANDLED_ERRORS_WHILE_PLAYING,
  UPDATE_GLOBALS,
} from 'storybook/internal/core-events';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS } from '../setup/chromium';
import type { IndexedStory } from '../setup/stories-global';
import { compareCapture, finishVisualRun, startVisualRun } from './visual';

/**
 * Stories are fixtures: every story of the engine, the shell and the screens is rendered in Debian's Chromium by
 * Storybook's own preview, from a build of it (tests/setup/stories-global.ts), and its play function run, so a story
 * that no longer renders, or whose play function throws, fails the run under its name.
 *
 * Two pages (the project's `maxConcurrency`, each in a browser context of its own) take the stories in the index's
 * order, each showing one after the other as Storybook does when one clicks through them: a story is selected over
 * Storybook's channel and the run waits for Storybook to say it finished. The pages ask for reduced motion, as the e2e
 * tests do, and call themselves Storybook's test runner (`StorybookTestRunner` in their user agent, which Storybook
 * reads): animations are then paused after a play function instead of waited for, and play functions wait for what
 * they look for up to 25 s (.storybook/preview.tsx).
 *
 * Once a story has played, the accessibility addon's axe (the rules of its panel, `parameters.a11y` in
 * .storybook/preview.tsx: WCAG 2.1 A and AA) checks it as it stands, in light, then in dark: the page's system scheme
 * is emulated dark, which the console's colour scheme follows (src/colorScheme.ts), and back; in dark only colour
 * contrast is checked again, the one rule a scheme changes. A serious or critical finding in either fails the story,
 * naming the scheme, the rule and the elements. In each scheme its look is then captured and compared with its visual
 * baseline (tests/stories/visual.ts), at 1280 px, and the shell's stories at 768 px too.
 *
 * Why this runner and not Storybook's Vitest addon (`@storybook/addon-vitest`, issue 37): tried on this machine
 * (2 cores, stop 46), the addon ran the same 211 stories and play functions, but checking dark took a second whole run
 * (a project per scheme, every axe rule again): 132-175 s for both schemes against this runner's 107 s, light alone
 * 104 s; its failures are named by file and story name, not by story id; its plugin added 2-3 s to the start of
 * every other Vitest project; and it checks the stories from source, so nothing checks the Storybook build any more.
 */

/** How long a story may take, from its selection to its end (its waits last up to 25 s each). */
const STORY_MS = 55_000;

const url = inject('storybookUrl');
const updateMode = inject('visualUpdate');
const stories = inject('stories');

/** How many pages show stories at once: the project's `maxConcurrency` (vitest.config.ts). */
const PAGES = inject('storyPages');

/** A page, in its own browser context (its own local storage, which stories set), and what it reported. */
interface Tab {
  page: Page;
  /** Uncaught errors since its last story was checked, and console errors for context. */
  uncaught: string[];
  consoleErrors: string[];
  /** The story it showed before the current one (a late error may come from its unmounting). */
  previous: string;
  /** The story it shows. */
  current: string;
  /** Its requests in flight, and who waits for there to be none. */
  inFlight: number;
  idle: (() => void)[];
}

let browser: Browser;
let userAgent = '';
const tabs: Tab[] = [];
const free: Tab[] = [];
const waiting: ((tab: Tab) => void)[] = [];

/** A tab on Storybook's iframe, the preview ready to be told which story to show. */
async function openTab(): Promise<Tab> {
  const context = await browser.newContext({
    reducedMotion: 'reduce',
    userAgent,
    viewport: { width: WIDTH, height: HEIGHT },
  });
  const page = await context.newPage();
  const tab: Tab = { page, uncaught: [], consoleErrors: [], previous: '', current: '', inFlight: 0, idle: [] };
  page.on('request', () => {
    tab.inFlight++;
  });
  const ended = () => {
    tab.inFlight--;
    if (tab.inFlight === 0) for (const idle of tab.idle.splice(0)) idle();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  page.on('pageerror', (error) => tab.uncaught.push(`${error.name}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') tab.consoleErrors.push(message.text());
  });
  await page.goto(`${url}/iframe.html`);
  await page.waitForFunction(() => '__STORYBOOK_PREVIEW__' in window);
  await page.evaluate(
    async ({ updateGlobals }) => {
      const w = window as unknown as {
        __STORYBOOK_PREVIEW__: { ready(): Promise<void> };
        __STORYBOOK_ADDONS_CHANNEL__: { emit(event: string, payload: unknown): void };
      };
      await w.__STORYBOOK_PREVIEW__.ready();
      // The run asks for axe's checks itself, in each scheme (below), instead of the addon's after every render.
      w.__STORYBOOK_ADDONS_CHANNEL__.emit(updateGlobals, { globals: { a11y: { manual: true } } });
    },
    { updateGlobals: UPDATE_GLOBALS },
  );
  return tab;
}

/** A tab no story is using, as soon as there is one. */
function takeTab(): Promise<Tab> {
  const tab = free.shift();
  return tab ? Promise.resolve(tab) : new Promise((resolve) => waiting.push(resolve));
}

function giveBack(tab: Tab) {
  const next = waiting.shift();
  if (next) next(tab);
  else free.push(tab);
}

beforeAll(async () => {
  startVisualRun();
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const probe = await browser.newPage();
  userAgent = `${await probe.evaluate(() => navigator.userAgent)} StorybookTestRunner`;
  await probe.close();
  tabs.push(...(await Promise.all(Array.from({ length: PAGES }, openTab))));
  free.push(...tabs);
});

afterAll(async () => {
  // What the last stories left: errors their late work threw after they were checked.
  const late = tabs.flatMap((tab) => tab.uncaught.map((error) => `after ${tab.previous} was checked: ${error}`));
  await browser?.close();
  console.log(finishVisualRun());
  if (late.length) throw new Error(`Uncaught in a page ${late.join('\n')}`);
});

/** Storybook's events, by name, that the page listens to. */
const EVENTS = {
  select: SET_CURRENT_STORY,
  finished: STORY_FINISHED,
  missing: STORY_MISSING,
  playThrew: PLAY_FUNCTION_THREW_EXCEPTION,
  renderThrew: STORY_THREW_EXCEPTION,
  errored: STORY_ERRORED,
  unhandled: UNHANDLED_ERRORS_WHILE_PLAYING,
  prepared: STORY_PREPARED,
};

/** The accessibility addon's events: run axe on the story shown, and its answer (@storybook/addon-a11y's constants). */
const A11Y_EVENTS = { manual: 'storybook/a11y/manual', result: 'storybook/a11y/result', error: 'storybook/a11y/error' };

/** The schemes each story is checked in (the console's `ColorScheme`, which the page's system scheme sets). */
const SCHEMES = ['light', 'dark'] as const;

/** A serious or critical axe finding, as the failure names it. */
interface Finding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * In the page: selects the story and resolves when Storybook says it finished (rendered, played, after-each run),
 * with what went wrong on the way: the play function's exception, the render's, an error Storybook showed, errors
 * nobody caught while the play function ran. `finished` is false if the story did not finish in time. `a11y` is the
 * story's `parameters.a11y`, for its axe checks, and `scheme` the one it is always shown in, if it names one
 * (`parameters.themes.themeOverride`).
 */
function showStory({ id, ms, events }: { id: string; ms: number; events: typeof EVENTS }) {
  type SerializedError = { name?: string; message?: string; stack?: string; title?: string; description?: string };
  type Channel = {
    on(event: string, listener: (payload: never) => void): void;
    off(event: string, listener: (payload: never) => void): void;
    emit(event: string, payload: unknown): void;
  };
  const channel = (window as unknown as { __STORYBOOK_ADDONS_CHANNEL__: Channel }).__STORYBOOK_ADDONS_CHANNEL__;
  const text = (error: SerializedError) => {
    // The build is minified and has no source maps: the first frames name the story's or component's chunk.
    const stack = error.stack?.split('\n').slice(1, 3).join('\n') ?? '';
    return `${error.name ?? 'Error'}: ${error.message ?? String(error)}${stack ? `\n${stack}` : ''}`;
  };
  return new Promise<{
    finished: boolean;
    status: string;
    errors: string[];
    a11y?: unknown;
    scheme?: string;
    visual?: unknown;
  }>((done) => {
    const errors: string[] = [];
    let a11y: unknown;
    let scheme: string | undefined;
    let visual: unknown;
    const listeners: [string, (payload: never) => void][] = [
      [events.playThrew, (error: SerializedError) => errors.push(`The play function threw ${text(error)}`)],
      [events.renderThrew, (error: SerializedError) => errors.push(`Rendering threw ${text(error)}`)],
      [
        events.errored,
        (error: SerializedError) =>
          errors.push(`Storybook showed an error: ${error.title ?? ''} ${error.description ?? ''}`),
      ],
      [
        events.unhandled,
        (list: SerializedError[]) => {
          for (const error of list) errors.push(`Uncaught while the play function ran: ${text(error)}`);
        },
      ],
      [
        events.prepared,
        (prepared: {
          id: string;
          parameters: { a11y?: unknown; visual?: unknown; themes?: { themeOverride?: string } };
        }) => {
          if (prepared.id !== id) return;
          a11y = prepared.parameters.a11y;
          visual = prepared.parameters.visual;
          scheme = prepared.parameters.themes?.themeOverride;
        },
      ],
      [events.missing, () => end(true, 'missing', ['Storybook has no such story'])],
      [
        events.finished,
        (result: { storyId: string; status: string }) => result.storyId === id && end(true, result.status),
      ],
    ];
    const timer = setTimeout(() => end(false, 'pending'), ms);
    function end(finished: boolean, status: string, more: string[] = []) {
      clearTimeout(timer);
      for (const [event, listener] of listeners) channel.off(event, listener);
      done({ finished, status, errors: [...errors, ...more], a11y, scheme, visual });
    }
    for (const [event, listener] of listeners) channel.on(event, listener);
    channel.emit(events.select, { storyId: id, viewMode: 'story' });
  });
}

/**
 * In the page: the accessibility addon's axe run on the story as it stands, with the story's `parameters.a11y`
 * (its rules, and any it turns off), resolving with the serious and critical findings, or with why axe failed.
 */
function axeFindings({
  id,
  a11y,
  colourOnly,
  events,
}: {
  id: string;
  a11y: unknown;
  colourOnly: boolean;
  events: typeof A11Y_EVENTS;
}) {
  type Channel = {
    on(event: string, listener: (...payload: never[]) => void): void;
    off(event: string, listener: (...payload: never[]) => void): void;
    emit(event: string, ...payload: unknown[]): void;
  };
  type Check = { message: string };
  type Result = {
    violations: {
      id: string;
      impact?: string | null;
      help: string;
      nodes: { target: unknown[]; any?: Check[]; all?: Check[] }[];
    }[];
  };
  const channel = (window as unknown as { __STORYBOOK_ADDONS_CHANNEL__: Channel }).__STORYBOOK_ADDONS_CHANNEL__;
  return new Promise<{ findings: Finding[] } | { failed: string }>((done) => {
    const onResult = (result: Result, storyId: string) => {
      if (storyId !== id) return;
      stop();
      done({
        findings: result.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => ({
            id: v.id,
            impact: v.impact ?? '',
            help: v.help,
            // Each element with what axe found there, e.g. the colours and ratio of a contrast failure.
            targets: v.nodes.map((n) => {
              const found = [...(n.any ?? []), ...(n.all ?? [])].map((c) => c.message).join('; ');
              return `${n.target.map(String).join(' ')}${found ? ` (${found.slice(0, 200)})` : ''}`;
            }),
          })),
      });
    };
    const onError = (error: { message?: string }) => {
      stop();
      done({ failed: error?.message ?? String(error) });
    };
    function stop() {
      channel.off(events.result, onResult);
      channel.off(events.error, onError);
    }
    channel.on(events.result, onResult);
    channel.on(events.error, onError);
    // Only the violations' elements are collected (axe's `resultTypes`), which spares it the passes' details; in the
    // second scheme only the rule a scheme can change, colour contrast (the markup is the same in both).
    const input = (a11y ?? {}) as { options?: object };
    const only = colourOnly ? { runOnly: { type: 'rule', values: ['color-contrast'] } } : {};
    channel.emit(events.manual, id, { ...input, options: { ...input.options, ...only, resultTypes: ['violations'] } });
  });
}

/**
 * What a capture leaves out: the offline map's land and sea shapes, whose edges Leaflet draws a sub-pixel apart from one
 * run to the next (hundreds of pixels along a coast). The map's ground, towns, markers, lines and controls stay.
 */
const CAPTURE_STYLE = '.leaflet-lego-base-pane { visibility: hidden; }';

/** Widths a story is captured at: the console's desktop, and the tablet for the shell's stories. */
const WIDTH = 1280;
const SHELL_WIDTH = 768;
const HEIGHT = 720;

/** How long a capture waits for the page to settle before it is taken as it is (a page that never settles differs). */
const SETTLE_MS = 10_000;

/**
 * What is still on its way in a page: a spinner or skeleton (a lazy part's fallback, a list waiting for its rows), a
 * map mounting, or an offline map without its base map yet (engine/map/MapView.tsx, engine/map/offline). A story that
 * shows a wait on purpose says `parameters.visual.busy`, and then only the maps are waited for.
 */
const ON_ITS_WAY = '[aria-busy="true"], .ant-skeleton-active';
const MAP_ON_ITS_WAY = '[data-map-state="loading"], .lego-map-offline:not([data-base-map])';

/**
 * Resolves once the tab's page is settled: no request of its own in flight (a lazy chunk, the map's base layer),
 * nothing on its way ({@link ON_ITS_WAY}), its fonts loaded, and two frames drawn in a row without a change to the page
 * (what a resize, a scheme change or a late answer re-drew is on screen). Past `SETTLE_MS` the page is taken as it is,
 * and what it still waited for is logged.
 */
async function settled(tab: Tab, { busy }: { busy: boolean }): Promise<void> {
  if (tab.inFlight > 0) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await new Promise<void>((idle) => {
      tab.idle.push(idle);
      timer = setTimeout(idle, SETTLE_MS);
    });
    clearTimeout(timer);
  }
  const waitingFor = busy ? MAP_ON_ITS_WAY : `${ON_ITS_WAY}, ${MAP_ON_ITS_WAY}`;
  await tab.page
    .waitForFunction((selector) => !document.querySelector(selector), waitingFor, { timeout: SETTLE_MS })
    .catch(async () => {
      const still = await tab.page.evaluate((selector) => document.querySelector(selector)?.outerHTML, waitingFor);
      console.warn(`A capture of ${tab.current} did not settle in ${SETTLE_MS} ms: ${still?.slice(0, 200)}`);
    });
  await tab.page.evaluate(async (ms) => {
    await document.fonts.ready;
    await new Promise<void>((done) => {
      let changed = true;
      const observer = new MutationObserver(() => {
        changed = true;
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      const stop = () => {
        observer.disconnect();
        done();
      };
      const timer = setTimeout(stop, ms);
      let quiet = 0;
      const frame = () => {
        quiet = changed ? 0 : quiet + 1;
        changed = false;
        if (quiet >= 2) {
          clearTimeout(timer);
          stop();
        } else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
  }, SETTLE_MS);
}

/**
 * The story's problems in each scheme, light then dark (the page's system scheme emulated, which the console
 * follows), or in the one scheme the story forces: its serious and critical axe findings (in dark only colour
 * contrast, the one rule a scheme changes), and how its look differs from its visual baselines (tests/stories/visual.ts),
 * at 1280 px and, for the shell's stories, at 768 px. The page is light and 1280 px wide again after.
 */
async function schemeProblems(
  tab: Tab,
  { story, a11y, scheme: forced, visual }: { story: IndexedStory; a11y: unknown; scheme?: string; visual: unknown },
): Promise<string[]> {
  const { disable, test } = (a11y ?? {}) as { disable?: boolean; test?: string };
  const checkA11y = !disable && test !== 'off';
  const { disable: noCapture, busy = false } = (visual ?? {}) as { disable?: boolean; busy?: boolean };
  const capture = !noCapture;
  const widths = story.title.startsWith('Shell/') ? [WIDTH, SHELL_WIDTH] : [WIDTH];
  const { page } = tab;
  const problems: string[] = [];
  try {
    const schemes = SCHEMES.filter((scheme) => !forced || scheme === forced);
    for (const scheme of schemes) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForFunction((wanted) => document.body.dataset.colorScheme === wanted, scheme);
      if (checkA11y) {
        const colourOnly = scheme !== schemes[0];
        const answer = await page.evaluate(axeFindings, { id: story.id, a11y, colourOnly, events: A11Y_EVENTS });
        if ('failed' in answer) problems.push(`axe could not check it in ${scheme}: ${answer.failed}`);
        else
          for (const f of answer.findings)
            problems.push(`In ${scheme}, ${f.impact} axe violation ${f.id} (${f.help}) at ${f.targets.join(' | ')}`);
      }
      if (!capture) continue;
      for (const width of widths) {
        if (width !== WIDTH) await page.setViewportSize({ width, height: HEIGHT });
        const take = async () => {
          await settled(tab, { busy });
          return page.screenshot({ fullPage: true, animations: 'disabled', style: CAPTURE_STYLE });
        };
        const differs = await compareCapture(
          { storyId: story.id, title: story.title, scheme, width },
          take,
          updateMode,
        );
        if (differs) problems.push(differs);
      }
      if (widths.length > 1) await page.setViewportSize({ width: WIDTH, height: HEIGHT });
    }
  } finally {
    // The next story plays in light (the console reads the system's scheme as it mounts), at the desktop's width.
    await page.emulateMedia({ colorScheme: 'light' });
  }
  return problems;
}

/** Shows a story with its play function; throws, naming the story, with what went wrong if anything did. */
async function playStory(story: IndexedStory): Promise<void> {
  let tab = await takeTab();
  tab.current = story.id;
  const result = await tab.page
    .evaluate(showStory, { id: story.id, ms: STORY_MS, events: EVENTS })
    .catch((error: Error) => ({
      finished: false,
      status: 'error',
      errors: [`The page failed: ${error.message}`],
      a11y: undefined,
      scheme: undefined,
      visual: undefined,
    }));
  // A story that played is checked by axe as it stands; one that failed is reported for that alone.
  if (result.finished && result.status === 'success' && !result.errors.length)
    result.errors.push(
      ...(await schemeProblems(tab, {
        story,
        a11y: result.a11y,
        scheme: result.scheme,
        visual: result.visual,
      }).catch((error: Error) => [`The accessibility and visual checks failed: ${error.message}`])),
    );
  // Errors since the tab's story before this one was checked: some come from its unmounting, as this one started.
  const errors = tab.uncaught.splice(0);
  const logs = tab.consoleErrors.splice(0);
  const previous = tab.previous;
  tab.previous = story.id;
  if (!result.finished) {
    // Its render or play function may still be running: the next story gets a fresh tab.
    await tab.page
      .context()
      .close()
      .catch(() => undefined);
    const fresh = await openTab();
    tabs[tabs.indexOf(tab)] = fresh;
    tab = fresh;
  }
  giveBack(tab);
  const problems = [...result.errors];
  if (!result.finished && !problems.length) problems.push(`It did not finish within ${STORY_MS / 1000} s.`);
  const reported = problems.join('\n');
  for (const error of errors) {
    if (!reported.includes(error.split('\n')[0].replace(/^\w+: /, '')))
      problems.push(
        `Uncaught in the page while it was shown${previous ? ` (or as ${previous} was unmounted)` : ''}: ${error}`,
      );
  }
  if (result.status === 'error' && problems.length === 0) problems.push('Storybook reported it failed.');
  if (problems.length === 0) return;
  // What the page logged as errors meanwhile (a failed request, a React warning), besides the errors above.
  const logged = logs.filter((text) => !problems.some((problem) => problem.includes(text.split('\n')[0])));
  const context = logged.length ? `\n\nConsole errors meanwhile:\n${logged.slice(0, 10).join('\n')}` : '';
  throw new Error(
    `Story '${story.title} › ${story.name}' (${story.id}, ${story.importPath}) failed in Chromium:\n${problems.join('\n')}${context}`,
  );
}

const byFile = new Map<string, IndexedStory[]>();
for (const story of stories) byFile.set(story.importPath, [...(byFile.get(story.importPath) ?? []), story]);
// The stories take the tabs in the index's order, each as soon as one is free: `PAGES` of them run at once.
describe.concurrent('stories', () => {
  for (const [file, fileStories] of byFile) {
    describe(file, () => {
      it.each(fileStories.map((story) => [story.id, story] as const))('%s', async (_id, story) => {
        await playStory(story);
      });
    });
  }
});
