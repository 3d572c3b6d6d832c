import { afterAll, beforeAll, inject } from 'vitest';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startApiProcess, type ApiProcess } from '../setup/api-process';
import { databaseEnv, login, onOrigin, type ConsoleDatabase, type SignedIn } from '../setup/console-login';
import { createPgDatabase } from '../setup/db-template';
import { CHROMIUM, CHROMIUM_ARGS } from '../setup/chromium';
import { SERVICE_BASES, fullPath, type Contract } from '../../schemas/api';
import { fillPath } from '../../engine/data/endpoint';

export { latestCode, login, nextCode } from '../setup/console-login';
import { withQuery } from '../../engine/data/http';

/** What the suite's global setup (tests/setup/e2e-global.ts) provides; '' when a file runs without it. */
function provided(key: 'e2eDataTemplate' | 'e2ePgTemplate' | 'e2eServers' | 'e2eSession'): string {
  try {
    return inject(key) ?? '';
  } catch {
    return '';
  }
}

/** What a test opens in a console's Chromium: contexts and pages of its own, closed when the console stops. */
export type ConsoleBrowser = Pick<Browser, 'newContext' | 'newPage'>;

/** The real platform API serving the built console, on a fresh database of its own. */
export interface RunningConsole {
  url: string;
  browser: ConsoleBrowser;
  stop(): Promise<void>;
}

/**
 * One Chromium for the process: the browser suite's files share this module (`isolate: false`), so its consoles
 * share it too, each in contexts of its own (as isolated as separate browsers: storage, cookies, downloads). A
 * launched browser, not one reached through `connect`, so a download's `path()` works. In the suite it lasts until
 * the worker exits (Playwright kills what it launched then); elsewhere (a bench, a script) it closes with the last
 * console, so the process can end.
 */
let chromiumOnce: Promise<Browser> | null = null;
let consolesOpen = 0;
const sharedChromium = (): Promise<Browser> =>
  (chromiumOnce ??= chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS }));

/** One console fewer: outside the suite, the last one closes Chromium. */
async function releaseChromium(): Promise<void> {
  consolesOpen -= 1;
  if (consolesOpen > 0 || provided('e2eServers') || !chromiumOnce) return;
  const browser = chromiumOnce;
  chromiumOnce = null;
  await (await browser).close();
}

/**
 * A console's view of the shared Chromium: its contexts are its own, closed by `close`. Tests run with the system's
 * reduced motion (no antd animations: a dialog is gone when it is closed, not after its leave animation, which a
 * loaded machine can stall) unless `motion`; benches measure what operators see, with motion.
 */
function consoleBrowser(browser: Browser, motion: boolean): ConsoleBrowser & { close(): Promise<void> } {
  const contexts: BrowserContext[] = [];
  const newContext: Browser['newContext'] = async (options = {}) => {
    const context = await browser.newContext(motion ? options : { reducedMotion: 'reduce', ...options });
    contexts.push(context);
    return context;
  };
  return {
    newContext,
    newPage: async (options) => (await newContext(options)).newPage(),
    async close() {
      await Promise.all(contexts.splice(0).map((context) => context.close()));
    },
  };
}

/**
 * Starts `server/main.ts` the way `npm start` does (after the build) and opens a view of the shared Chromium. The
 * database is this console's own: a copy of the run's migrated and seeded database when the global setup made one
 * (the server then finds migrations and seed done), else empty.
 */
export async function startConsole({ motion = false }: { motion?: boolean } = {}): Promise<RunningConsole> {
  const { server, dropDatabase, forget } = await takeServer();
  const { url, child } = server;
  const browser = consoleBrowser(await sharedChromium(), motion);
  consolesOpen += 1;
  return {
    url,
    browser,
    async stop() {
      await browser.close();
      await releaseChromium();
      if (server.alive) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      forget();
      await dropDatabase();
    },
  };
}

/** A console's server process on its own database, with the pid file that has the suite stop it if nobody does. */
interface ConsoleServer {
  server: ApiProcess;
  dropDatabase(): Promise<void>;
  forget(): void;
}

/**
 * A console's own database: a copy of the run's template database on the server of DATABASE_URL when the global
 * setup made one (named after it, so that the suite's end drops what a stopped run left), else a copy of the
 * prepared PGlite data directory (or an empty one).
 */
async function consoleDatabase(): Promise<{ database: ConsoleDatabase; drop(): Promise<void> }> {
  const pgTemplate = provided('e2ePgTemplate');
  const adminUrl = process.env.DATABASE_URL;
  if (pgTemplate && adminUrl) {
    const db = await createPgDatabase(adminUrl, `${pgTemplate}_`, pgTemplate);
    return { database: { url: db.url }, drop: db.drop };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'lego-e2e-'));
  const template = provided('e2eDataTemplate');
  if (template) cpSync(template, dataDir, { recursive: true });
  return { database: { dataDir }, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** Starts `server/main.ts` on a fresh copy of the prepared database. */
async function startServer(): Promise<ConsoleServer> {
  const { database, drop } = await consoleDatabase();
  // No report scheduler: a seeded schedule due in the middle of a test would mail into the outbox the tests read
  // (Run now still runs; the scheduler has its own tests with a controlled clock). Webhooks may call a receiver a
  // test runs on 127.0.0.1 (notification-config.test.ts): set here, since the server starts before its file loads.
  // The pid is left as soon as the process exists: the suite's end stops a server still starting too.
  const pids = provided('e2eServers');
  let pidFile = '';
  const server = await startApiProcess(
    {
      ...databaseEnv(database),
      REPORT_TICK_SECONDS: '0',
      SMTP_URL: undefined,
      NOTIFY_WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
    },
    undefined,
    (pid) => {
      if (!pids) return;
      pidFile = join(pids, String(pid));
      writeFileSync(pidFile, '');
    },
  ).catch(async (error: unknown) => {
    await drop();
    throw error;
  });
  return { server, dropDatabase: drop, forget: () => pidFile && rmSync(pidFile, { force: true }) };
}

/**
 * The server started ahead for the next console. In the browser suite the files share this module (`isolate: false`),
 * so while one file runs, the server of the next one starts beside it instead of after it: a server takes seconds to
 * start (the app, PGlite, the gazetteer) and a file's tests leave the machine idle for much of that. Each console still
 * gets a server and a database no other console has used. The suite's global setup stops the last one.
 */
let ahead: Promise<ConsoleServer> | null = null;

async function takeServer(): Promise<ConsoleServer> {
  const next = ahead ?? startServer();
  ahead = null;
  const taken = await next.catch(() => startServer());
  // Only inside the suite, which stops what is left at its end; a bench starts what it needs, when it needs it.
  if (provided('e2eServers')) {
    ahead = startServer();
    ahead.catch(() => undefined);
  }
  return taken;
}

/** The path and query string of a call, from its contract (path parameters filled from `params`). */
export function callPath(
  call: Contract,
  query: Record<string, string | number> = {},
  params: Record<string, string> = {},
): string {
  return withQuery(fillPath(fullPath(call, SERVICE_BASES), params), query);
}

/** Calls the API with a page's stored desk token, to check what the server stored. */
export async function apiAs<T>(page: Page, url: string, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('deskToken'));
  const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { data: T };
  return body.data;
}

/** Picks a company in the filter bar: types 3+ characters, waits for the debounced search, chooses the option. */
export async function pickCompany(page: Page, text: string, option: string): Promise<void> {
  await choose(page, 'Company', text, option);
}

/**
 * Chooses in an antd select by keyboard, as an operator can: open it, optionally type to filter, wait for
 * its own options, press Enter (the first match). Avoids clicking into another select's closing dropdown.
 */
export async function choose(page: Page, label: string, text?: string, expected = text): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  if (text) await input.fill(text);
  const id = await input.getAttribute('id');
  const first = page.locator(`[id="${id}_list"] [role=option]`).first();
  await first.waitFor({ state: 'attached' });
  // The open dropdown, not one still animating closed from the previous select.
  if (expected)
    await page
      .locator('.ant-select-dropdown:visible:not([class*="leave"]) .ant-select-item-option', { hasText: expected })
      .first()
      .waitFor();
  await input.press('Enter');
}

/** Answers the open confirmation (a Popconfirm or a dialog) with Yes or No. */
export async function answer(page: Page, choice: 'Yes' | 'No'): Promise<void> {
  // A click during the opening animation can be lost: wait until no dialog or popover is still appearing.
  await page.locator('.ant-popover:visible, .ant-modal-wrap:visible').last().waitFor();
  await page.waitForFunction(
    () => ![...document.querySelectorAll('.ant-modal, .ant-popover')].some((e) => /-(enter|appear)/.test(e.className)),
  );
  await page
    .locator('.ant-popover:visible, .ant-modal-wrap:visible')
    .last()
    .getByRole('button', { name: choice, exact: true })
    .click();
  // Wait for the confirmation to close, so the next one opened is the only one on screen.
  await page.waitForFunction(
    () =>
      ![...document.querySelectorAll('.ant-popover, .ant-modal-wrap')].some((e) =>
        (e as HTMLElement).checkVisibility(),
      ),
  );
}

/**
 * An operator's session for one test file: registers the hooks that start the console, open Chromium and log in
 * as ops@demo.local (the gate then asks for a company), and stop it all afterwards. Read it in a later `beforeAll`.
 */
export function operatorSession(): { app: RunningConsole; page: Page } {
  const session = {} as { app: RunningConsole; page: Page };
  beforeAll(async () => {
    session.app = await startConsole();
    // The suite's global setup logged ops@demo.local in once on the database every console copies: its session (the
    // console's local storage) is valid here too. Without it (a file run alone outside the suite), log in.
    const signedIn = provided('e2eSession');
    if (signedIn) {
      const state = onOrigin(JSON.parse(signedIn) as SignedIn, session.app.url);
      session.page = await session.app.browser.newPage({ storageState: state });
      await session.page.goto(session.app.url);
    } else {
      session.page = await session.app.browser.newPage();
      await login(session.page, session.app.url, 'ops@demo.local');
    }
    await session.page.getByText('Select a company to continue').waitFor();
  });
  afterAll(async () => {
    await session.app?.stop();
  });
  return session;
}

/** An axe-core violation as the a11y test reports it: rule, impact, help and the offending elements. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core on the page with the WCAG 2.1 A and AA rules (or only the `rules` named) and returns its violations. The source is evaluated,
 * not added as a script tag: the console's CSP forbids inline scripts, and `evaluate` is not subject to it.
 */
export async function axeViolations(page: Page, rules?: string[]): Promise<AxeViolation[]> {
  const { source } = (await import('axe-core')).default;
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(source);
  return page.evaluate(async (only) => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            ctx: Document,
            opts: object,
          ): Promise<{
            violations: {
              id: string;
              impact: string | null;
              help: string;
              nodes: { target: unknown[]; any?: { message: string }[]; all?: { message: string }[] }[];
            }[];
          }>;
        };
      }
    ).axe;
    const { violations } = await axe.run(document, {
      runOnly: only
        ? { type: 'rule', values: only }
        : { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    // Each target with what axe found there, e.g. the colours and ratio of a contrast failure.
    const found = (n: { target: unknown[]; any?: { message: string }[]; all?: { message: string }[] }) =>
      [...(n.any ?? []), ...(n.all ?? [])]
        .map((c) => c.message)
        .join('; ')
        .slice(0, 160);
    return violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => `${n.target.map(String).join(' ')} (${found(n)})`),
    }));
  }, rules);
}

/** Saves a screenshot of the viewport to `test-results/screens/<name>.png` (an ignored folder), to look at. */
export async function saveScreen(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join('test-results', 'screens', `${name}.png`) });
}
