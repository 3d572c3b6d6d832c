import { afterAll, beforeAll, inject } from 'vitest';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startApiProcess, type ApiProcess } from '../setup/api-process';
import { SERVICE_BASES, fullPath, type Contract } from '../../schemas/api';
import { fillPath } from '../../engine/data/endpoint';
import { withQuery } from '../../engine/data/http';

/** Debian's Chromium, never a downloaded browser. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

/** What the suite's global setup (tests/setup/e2e-global.ts) provides; '' when a file runs without it. */
function provided(key: 'e2eDataTemplate' | 'e2eServers'): string {
  try {
    return inject(key) ?? '';
  } catch {
    return '';
  }
}

/** The real platform API serving the built console, on a fresh PGlite data directory. */
export interface RunningConsole {
  url: string;
  browser: Browser;
  stop(): Promise<void>;
}

/** The browser, whose new contexts and pages ask for reduced motion unless told otherwise (a context option in Playwright). */
function withReducedMotion(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  return Object.assign(browser, {
    newContext: (options: Parameters<Browser['newContext']>[0] = {}) => newContext({ reducedMotion: 'reduce', ...options }),
    newPage: (options: Parameters<Browser['newPage']>[0] = {}) => newPage({ reducedMotion: 'reduce', ...options }),
  });
}

/**
 * Starts `server/main.ts` the way `npm start` does (after the build) and launches Chromium. The database is this
 * console's own: a copy of the run's migrated and seeded data directory when the global setup made one (the server
 * then finds migrations and seed done), else empty. Each console has its own Chromium: one shared through `connect`
 * would not give a download's `path()`.
 */
export async function startConsole({ motion = false }: { motion?: boolean } = {}): Promise<RunningConsole> {
  const { server, dataDir, forget } = await takeServer();
  const { url, child } = server;
  const launched = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  // Tests run with the system's reduced motion (no antd animations: a dialog is gone when it is closed, not after its
  // leave animation, which a loaded machine can stall); benches measure what operators see, with motion.
  const browser = motion ? launched : withReducedMotion(launched);
  return {
    url,
    browser,
    async stop() {
      await browser.close();
      if (server.alive) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      forget();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A console's server process on its own database, with the pid file that has the suite stop it if nobody does. */
interface ConsoleServer {
  server: ApiProcess;
  dataDir: string;
  forget(): void;
}

/** Starts `server/main.ts` on a fresh copy of the prepared database. */
async function startServer(): Promise<ConsoleServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lego-e2e-'));
  const template = provided('e2eDataTemplate');
  if (template) cpSync(template, dataDir, { recursive: true });
  // No report scheduler: a seeded schedule due in the middle of a test would mail into the outbox the tests read
  // (Run now still runs; the scheduler has its own tests with a controlled clock).
  const server = await startApiProcess({ DATA_DIR: dataDir, REPORT_TICK_SECONDS: '0', DATABASE_URL: undefined, SMTP_URL: undefined });
  const pids = provided('e2eServers');
  const pidFile = pids && server.child.pid ? join(pids, String(server.child.pid)) : '';
  if (pidFile) writeFileSync(pidFile, '');
  return { server, dataDir, forget: () => pidFile && rmSync(pidFile, { force: true }) };
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

/** The newest one-time code sent to an address, read from the dev outbox. */
export async function latestCode(url: string, to: string): Promise<string> {
  const outbox = (await (await fetch(`${url}/dev/outbox`)).json()) as { to: string; body: string }[];
  const mail = outbox.filter((m) => m.to === to).at(-1);
  const code = mail?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code for ${to} in the outbox`);
  return code;
}

/** Logs in through the login page as an operator would: e-mail, Send code, code from the outbox, Verify. */
export async function login(page: Page, url: string, email: string): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByLabel('E-mail or phone').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('One-time code').waitFor();
  await page.getByLabel('One-time code').fill(await latestCode(url, email));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
}

/** The path and query string of a call, from its contract (path parameters filled from `params`). */
export function callPath(call: Contract, query: Record<string, string | number> = {}, params: Record<string, string> = {}): string {
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
  if (expected) await page.locator('.ant-select-dropdown:visible:not([class*="leave"]) .ant-select-item-option', { hasText: expected }).first().waitFor();
  await input.press('Enter');
}

/** Answers the open confirmation (a Popconfirm or a dialog) with Yes or No. */
export async function answer(page: Page, choice: 'Yes' | 'No'): Promise<void> {
  // A click during the opening animation can be lost: wait until no dialog or popover is still appearing.
  await page.locator('.ant-popover:visible, .ant-modal-wrap:visible').last().waitFor();
  await page.waitForFunction(() => ![...document.querySelectorAll('.ant-modal, .ant-popover')].some((e) => /-(enter|appear)/.test(e.className)));
  await page.locator('.ant-popover:visible, .ant-modal-wrap:visible').last().getByRole('button', { name: choice, exact: true }).click();
  // Wait for the confirmation to close, so the next one opened is the only one on screen.
  await page.waitForFunction(() => ![...document.querySelectorAll('.ant-popover, .ant-modal-wrap')].some((e) => (e as HTMLElement).checkVisibility()));
}

/**
 * An operator's session for one test file: registers the hooks that start the console, open Chromium and log in
 * as ops@demo.local (the gate then asks for a company), and stop it all afterwards. Read it in a later `beforeAll`.
 */
export function operatorSession(): { app: RunningConsole; page: Page } {
  const session = {} as { app: RunningConsole; page: Page };
  beforeAll(async () => {
    session.app = await startConsole();
    session.page = await session.app.browser.newPage();
    await login(session.page, session.app.url, 'ops@demo.local');
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
 * Runs axe-core on the page with the WCAG 2.1 A and AA rules and returns its violations. The source is evaluated,
 * not added as a script tag: the console's CSP forbids inline scripts, and `evaluate` is not subject to it.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const { source } = (await import('axe-core')).default;
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(source);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; any?: { message: string }[]; all?: { message: string }[] }[] }[] }> } }).axe;
    const { violations } = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    // Each target with what axe found there, e.g. the colours and ratio of a contrast failure.
    const found = (n: { target: unknown[]; any?: { message: string }[]; all?: { message: string }[] }) => [...(n.any ?? []), ...(n.all ?? [])].map((c) => c.message).join('; ').slice(0, 160);
    return violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => `${n.target.map(String).join(' ')} (${found(n)})`) }));
  });
}

/** Saves a screenshot of the viewport to `test-results/screens/<name>.png` (an ignored folder), to look at. */
export async function saveScreen(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join('test-results', 'screens', `${name}.png`) });
}
