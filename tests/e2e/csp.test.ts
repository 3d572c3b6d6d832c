import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ALERT_COLUMNS } from '../../schemas/alert-bulk';
import { latestCode, pickCompany, startConsole, type RunningConsole } from './harness';

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
      seen.push({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
      });
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

/** A csv of the alert sheet's header and rows given as {column: value}. */
function alertsCsv(rows: Record<string, string>[]): { name: string; mimeType: string; buffer: Buffer } {
  const header = ALERT_COLUMNS.map(([key]) => key);
  const lines = [header.join(','), ...rows.map((row) => header.map((key) => row[key] ?? '').join(','))];
  return { name: 'alerts.csv', mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\n')}\n`) };
}

/** The query string of the company picked on /routes, kept for the other pages. */
let scope = '';

describe('the console under its Content-Security-Policy', () => {
  it('serves the page with a strict policy: this origin only, no inline script, no eval', async () => {
    const answer = await page.goto(`${app.url}/login`);
    const csp = (await answer!.allHeaders())['content-security-policy'];
    // No Google Maps key here: nothing but this origin's files, and no eval (the forms' validators are precompiled).
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    await page.getByLabel('E-mail or phone').waitFor();
  });

  it('validates the sign-in fields with their schemas, then signs in, with no violation', async () => {
    const identifier = page.getByLabel('E-mail or phone');
    await identifier.fill('not an address');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('Please enter a valid e-mail or 10 digit phone number').waitFor();
    await identifier.fill('ops@demo.local');
    await page.getByRole('button', { name: 'Send code' }).click();
    const code = page.getByLabel('One-time code');
    await code.fill('12');
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.getByText('Enter the 6 digit code').waitFor();
    await code.fill(await latestCode(app.url, 'ops@demo.local'));
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.getByText('Select a company to continue').waitFor();
    expect(await reports()).toEqual({ violations: [], errors: [] });
  });

  it('opens /routes and validates a form with no violation and no console error', async () => {
    await pickCompany(page, 'Tata', 'Tata Steel Limited (CONSIGNOR)');
    await page.waitForURL(/companyId=/);
    scope = new URL(page.url()).search;
    await page.goto(`${app.url}/routes${scope}`);
    await page.getByRole('columnheader', { name: 'Time Stamp' }).waitFor();
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    // The route form validates with the shared schemas as the operator submits it empty.
    await page.getByRole('button', { name: 'Add Route' }).click();
    // The form's field, not the list's sortable 'Route Label' header, which carries that name too.
    await page.locator('form').getByLabel('Route Label', { exact: true }).waitFor();
    await page.locator('form').getByRole('button', { name: 'Add Route' }).click();
    await page.getByText('Please enter route label').waitFor();
    // Typed into, the form validates live: still the schema's own texts.
    await page.locator('form').getByLabel('Route Label', { exact: true }).fill('   ');
    await page.getByText('Blank spaces not allowed').waitFor();
    expect(await reports()).toEqual({ violations: [], errors: [] });
  });

  it("uploads the alert sheet and shows each row's outcome; a cell starting with = stays text", async () => {
    const cell = (x: number, y: number) => page.locator(`[data-testid=sheet] td[data-x="${x}"][data-y="${y}"]`);
    const status = (y: number) => cell(ALERT_COLUMNS.length, y).innerText();
    await page.goto(`${app.url}/alert-settings/upload${scope}`);
    await page.getByText('Bulk Alert Upload').waitFor();
    await page.locator('input[type=file]').setInputFiles(
      alertsCsv([
        { CompanyId: '1001', Alert_Name: 'driver_change' },
        { CompanyId: '1001', Alert_Name: 'detention', Buffer: 'soon' },
        { CompanyId: '1001', Alert_Name: '=1+1' },
      ]),
    );
    await expect.poll(() => cell(2, 2).innerText()).toBe('=1+1');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => status(0)).toBe('Success');
    expect(await status(1)).toMatch(/Buffer/);
    expect(await status(2)).not.toBe('');
    // Typed into the sheet, a formula is text too (jspreadsheet would evaluate it with eval).
    await cell(3, 3).dblclick();
    await page.keyboard.type('=2*3');
    await page.keyboard.press('Enter');
    await expect.poll(() => cell(3, 3).innerText()).toBe('=2*3');
    expect(await reports()).toEqual({ violations: [], errors: [] });
  });

  it('reports a violation when a script breaks the policy, eval included (the listener works)', async () => {
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.body.append(script);
    });
    await page.waitForFunction(() => JSON.parse(sessionStorage.getItem('cspViolations') ?? '[]').length > 0);
    const { violations } = await reports();
    expect(violations).toEqual([expect.objectContaining({ directive: 'script-src-elem', blocked: 'inline' })]);
    expect(await page.evaluate(() => (window as { inlineRan?: boolean }).inlineRan)).toBeUndefined();
    // What ajv's compiler would do in the browser: refused, and reported. (Run from an event of the page: code
    // evaluated by the test itself through DevTools is exempt from the policy's eval check.)
    const evaluated = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          window.addEventListener(
            'message',
            () => {
              try {
                resolve(String(new Function('return 1 + 1')()));
              } catch (error) {
                resolve((error as Error).name);
              }
            },
            { once: true },
          );
          window.postMessage('compile', '*');
        }),
    );
    expect(evaluated).toBe('EvalError');
    await page.waitForFunction(() => JSON.parse(sessionStorage.getItem('cspViolations') ?? '[]').length > 1);
    expect((await reports()).violations[1]).toEqual(
      expect.objectContaining({ directive: 'script-src', blocked: 'eval' }),
    );
  });
});
