import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, pickCompany, startConsole, type RunningConsole } from './harness';

/** What the page reported: CSP violations (from the `securitypolicyviolation` event) and console errors. */
interface Reports {
  violations: { directive: string; blocked: string; source: string }[];
  errors: string[];
}

let app: RunningConsole;
let page: Page;
const errors: string[] = [];

/** The violations the page has seen so far (kept in the page by the init script, across navigations in `sessionStorage`). */
const reports = async (): Promise<Reports> => ({
  violations: await page.evaluate(() => JSON.parse(sessionStorage.getItem('cspViolations') ?? '[]')),
  errors: [...errors],
});

beforeAll(async () => {
  app = await startConsole();
  page = await app.browser.newPage();
  // Registered before any of the console's scripts runs, on every document the tab loads.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const seen = JSON.parse(sessionStorage.getItem('cspViolations') ?? '[]');
      seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI, source: `${event.sourceFile}:${event.lineNumber}` });
      sessionStorage.setItem('cspViolations', JSON.stringify(seen));
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
});
afterAll(async () => {
  await app?.stop();
});

describe('the console under its Content-Security-Policy', () => {
  it('serves the page with a strict policy', async () => {
    const answer = await page.goto(`${app.url}/login`);
    const csp = (await answer!.allHeaders())['content-security-policy'];
    // This origin's files only (eval aside: ajv's schema compiler, see RUNTIME_SCHEMA_COMPILER in security-headers.ts).
    expect(csp).toMatch(/script-src 'self'( 'unsafe-eval')?(;|$)/);
    expect(csp).toContain("frame-ancestors 'none'");
    await page.getByLabel('E-mail or phone').waitFor();
  });

  it('logs in, opens /routes and validates a form with no violation and no console error', async () => {
    await login(page, app.url, 'ops@demo.local');
    await page.getByText('Select a company to continue').waitFor();
    await pickCompany(page, 'Tata', 'Tata Steel Limited (CONSIGNOR)');
    await page.waitForURL(/companyId=/);
    const scope = new URL(page.url()).search;
    await page.goto(`${app.url}/routes${scope}`);
    await page.getByRole('columnheader', { name: 'Time Stamp' }).waitFor();
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    // The route form validates with the shared schemas as the operator submits it empty.
    await page.getByRole('button', { name: 'Add Route' }).click();
    await page.getByLabel('Route Label').waitFor();
    await page.getByRole('button', { name: 'Add Route' }).click();
    await page.getByText('Please enter route label').waitFor();
    expect(await reports()).toEqual({ violations: [], errors: [] });
  });

  it('reports a violation when a script breaks the policy (the listener works)', async () => {
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.body.append(script);
    });
    await page.waitForFunction(() => JSON.parse(sessionStorage.getItem('cspViolations') ?? '[]').length > 0);
    const { violations } = await reports();
    expect(violations).toEqual([expect.objectContaining({ directive: 'script-src-elem', blocked: 'inline' })]);
    expect(await page.evaluate(() => (window as { inlineRan?: boolean }).inlineRan)).toBeUndefined();
  });
});
