import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { startApiProcess } from './api-process';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium';

/** The one-time codes sent to an address, oldest first, read from the dev outbox. */
async function codesSent(url: string, to: string): Promise<string[]> {
  const outbox = (await (await fetch(`${url}/dev/outbox`)).json()) as { to: string; body: string }[];
  return outbox.flatMap((m) => (m.to === to ? (m.body.match(/\b(\d{6})\b/)?.slice(1, 2) ?? []) : []));
}

/** The newest one-time code sent to an address, read from the dev outbox. */
export async function latestCode(url: string, to: string): Promise<string> {
  const code = (await codesSent(url, to)).at(-1);
  if (!code) throw new Error(`no code for ${to} in the outbox`);
  return code;
}

/**
 * The code `send` has the console mail to an address (a click on Send code): the outbox is read until it holds one
 * more for the address than before, so a code sent earlier (and used) is never the answer.
 */
export async function nextCode(
  url: string,
  to: string,
  send: () => Promise<void>,
  timeoutMs = 30_000,
): Promise<string> {
  const before = (await codesSent(url, to)).length;
  await send();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const codes = await codesSent(url, to);
    if (codes.length > before) return codes.at(-1)!;
    if (Date.now() > deadline) throw new Error(`no new code for ${to} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
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

/** A browser session after a login (Playwright's storage state), and the origin it was made on. */
/** Where a console's server keeps its data: a PGlite data directory, or a PostgreSQL database. */
export type ConsoleDatabase = { dataDir: string } | { url: string };

/** The server's environment for `database` (the other kind left unset). */
export const databaseEnv = (database: ConsoleDatabase): Record<string, string | undefined> =>
  'url' in database
    ? { DATABASE_URL: database.url, DATA_DIR: undefined }
    : { DATA_DIR: database.dataDir, DATABASE_URL: undefined };

export interface SignedIn {
  origin: string;
  state: Awaited<ReturnType<BrowserContext['storageState']>>;
}

/** The session as it stands on another origin (another console's server on a copy of the same database). */
export function onOrigin({ origin, state }: SignedIn, url: string): SignedIn['state'] {
  return { ...state, origins: state.origins.map((o) => (o.origin === origin ? { ...o, origin: url } : o)) };
}

/**
 * Logs `email` in through the login page of a console on `database` (a PGlite data directory, or a PostgreSQL
 * database's URL), and answers the session it leaves in the browser. The tokens it holds are rows of that database,
 * signed with the secret kept there: a console on a copy of it accepts them. The server stops before this answers,
 * so the database can be copied.
 */
export async function signInOn(database: ConsoleDatabase, email: string): Promise<SignedIn> {
  const server = await startApiProcess({ ...databaseEnv(database), REPORT_TICK_SECONDS: '0', SMTP_URL: undefined });
  const browser = chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  try {
    const context = await (await browser).newContext();
    const page = await context.newPage();
    await login(page, server.url, email);
    await page.getByText('Select a company to continue').waitFor();
    return { origin: server.url, state: await context.storageState() };
  } finally {
    await (await browser.catch(() => null))?.close();
    if (server.alive) {
      const exited = new Promise((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      await exited;
    }
  }
}
