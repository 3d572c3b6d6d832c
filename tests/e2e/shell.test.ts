import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { authCalls } from '../../schemas/api/auth';
import { tooManyText } from '../../src/auth/retryAfter';
import { apiAs, callPath, login, pickCompany, saveScreen, type RunningConsole, operatorSession } from './harness';
import { auditCalls, type AuditPage, type ConfigCount } from '../../schemas/api/audit';
import { changeInWords, screenOfChange } from '../../src/home/homeModel';
import { homeScreen } from '../../screens/home';

const session = operatorSession();
let app: RunningConsole;
let page: Page;
beforeAll(async () => {
  ({ app, page } = session);
});

const HUL = 'Hindustan Unilever Limited (CONSIGNOR)';

/** The company box's shown value: antd gives it the selected name as its title (the name on hover). */
const companyValue = () =>
  page.locator('.ant-select', { has: page.getByLabel('Company', { exact: true }) }).locator(`[title="${HUL}"]`);

/** The width the shown name needs and the width it has, measured in the browser. */
const nameFit = () =>
  companyValue().evaluate((el) => {
    const text = [...el.childNodes].find((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
    const range = document.createRange();
    range.selectNodeContents(text ?? el);
    return {
      text: text?.textContent ?? '',
      needed: range.getBoundingClientRect().width,
      room: el.clientWidth,
      cut: el.scrollWidth > el.clientWidth,
    };
  });

const scopeOf = (href: string) => Object.fromEntries(new URL(href).searchParams);

describe('shell', () => {
  it('opens on the home, which asks for a company and offers a picker', async () => {
    expect(new URL(page.url()).pathname).toBe('/home');
    await page.getByTestId('company-gate').getByText('Select a company to continue').waitFor();
    await page.getByLabel('Company to open', { exact: true }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Home' }).count()).toBe(1);
  });

  it('shows the full company name in the company box at 1280 and 1440 px, with the name on hover', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await pickCompany(page, 'Hindustan', HUL);
    await page.waitForURL(/companyId=/);
    await companyValue().waitFor();
    await page.keyboard.press('Escape');
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      const fit = await nameFit();
      expect(fit.text).toBe(HUL);
      expect(fit.cut).toBe(false);
      expect(fit.needed).toBeLessThanOrEqual(fit.room);
    }
  });

  it('every menu entry is a link to its page with the scope, which a plain click follows in place', async () => {
    const scope = scopeOf(page.url());
    const entries = page.locator('.ant-menu-item');
    const count = await entries.count();
    expect(count).toBeGreaterThan(10);
    for (let i = 0; i < count; i++) {
      const href = await entries.nth(i).locator('a').getAttribute('href');
      expect(href, (await entries.nth(i).textContent()) ?? '').toMatch(/^\/[a-z]/);
      expect(scopeOf(new URL(href!, app.url).href)).toEqual(scope);
    }
    // In place: the page is not loaded again (what it keeps in memory is still there).
    await page.evaluate(() => Object.assign(window, { beforeMenuClick: true }));
    await page.getByRole('link', { name: 'Vehicles', exact: true }).click();
    await page.waitForURL(
      (url) => url.pathname === '/vehicle-master' && url.searchParams.get('companyId') === scope.companyId,
    );
    expect(await page.evaluate(() => 'beforeMenuClick' in window)).toBe(true);
  });

  it('follows the system in dark, and keeps the dark or light an operator picks in the header (issue 23 point 7)', async () => {
    /** Whether the page's ground is dark (its main area's background luminance). */
    const darkGround = (p: Page) =>
      p.evaluate(() => {
        const [r, g, b] = getComputedStyle(document.querySelector('main')!.closest('.ant-layout')!)
          .backgroundColor.match(/\d+/g)!
          .map(Number);
        return 0.2126 * r + 0.7152 * g + 0.0722 * b < 100;
      });
    const toggle = page.getByRole('button', { name: 'Dark mode' });
    expect(await darkGround(page)).toBe(false);
    await toggle.click();
    await expect.poll(() => darkGround(page)).toBe(true);
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    await page.locator('main').waitFor();
    expect(await darkGround(page)).toBe(true);
    await saveScreen(page, 'shell-dark');
    await page.getByRole('button', { name: 'Dark mode' }).click();
    await expect.poll(() => darkGround(page)).toBe(false);

    // A system set to dark: the console starts dark, with no pick made.
    const system = await app.browser.newContext({
      colorScheme: 'dark',
      storageState: await page.context().storageState(),
    });
    const other = await system.newPage();
    await other.goto(page.url());
    await other.locator('main').waitFor();
    await expect.poll(() => darkGround(other)).toBe(true);
    await system.close();
  });

  it("the 404 page's 'Go home' keeps the company in the query string", async () => {
    const scope = scopeOf(page.url());
    expect(scope.companyId).toBeTruthy();
    await page.goto(`${app.url}/no-such-page${new URL(page.url()).search}`);
    await page.getByText('Page not found: nothing lives at /no-such-page.').waitFor();
    const home = page.getByRole('link', { name: 'Go home' });
    expect(scopeOf(new URL((await home.getAttribute('href'))!, app.url).href)).toEqual(scope);
    await home.click();
    await page.waitForURL('**/home?*');
    expect(scopeOf(page.url())).toEqual(scope);
    await companyValue().waitFor();
  });

  it('at 1024 and 1440 px no column is narrower than 40 px nor a title taller than three lines, and the pager shows; at 768 px the menu is a drawer (issue 23 point 2)', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${app.url}/routes`);
    await pickCompany(page, 'Tata', 'Tata Steel Limited (CONSIGNOR)');
    await page.waitForURL(/companyId=/);
    const search = new URL(page.url()).search;
    /** What does not fit: columns under 40 px, titles over three lines, a pager or a page wider than the window. */
    const misfits = () =>
      page.evaluate(() => {
        const found: string[] = [];
        for (const th of document.querySelectorAll('.ant-layout-content .ant-table-thead th')) {
          const box = th.getBoundingClientRect();
          const style = getComputedStyle(th);
          const lines = Math.round(
            (box.height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom)) /
              parseFloat(style.lineHeight),
          );
          if (box.width < 40 || lines > 3) found.push(`${th.textContent}: ${Math.round(box.width)} px, ${lines} lines`);
        }
        const width = document.documentElement.clientWidth;
        const pager = document.querySelector('.ant-layout-content .ant-pagination');
        if (pager && pager.getBoundingClientRect().right > width) found.push('the pager is cut off');
        if (document.documentElement.scrollWidth > width) found.push('the page scrolls sideways');
        return found;
      });
    for (const width of [1024, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of ['/bulk-upload/configurations', '/way-point', '/consignees', '/audit-log', '/transporters']) {
        await page.goto(`${app.url}${path}${search}`);
        await page.locator('.ant-layout-content .ant-table-thead th').first().waitFor();
        await expect.poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
        expect(await misfits(), `${path} at ${width} px`).toEqual([]);
      }
    }
    await page.setViewportSize({ width: 768, height: 900 });
    await page.goto(`${app.url}/transporters${search}`);
    await page.locator('.ant-layout-content .ant-pagination').waitFor();
    expect(await misfits()).toEqual([]);
    expect(await page.locator('.ant-layout-sider').count()).toBe(0);
    await page.getByRole('button', { name: 'Menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByRole('link', { name: 'Materials' }).click();
    await page.waitForURL((url) => url.pathname === '/materialmaster' && url.search === search);
    await drawer.waitFor({ state: 'hidden' });
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it("the home names the company, counts its configuration and lists its latest changes, each a link to its screen (issue 'continuity' point 2)", async () => {
    const scope = scopeOf(page.url());
    await page.goto(`${app.url}/home${new URL(page.url()).search}`);
    await page.locator('.ant-card-head-title', { hasText: scope.combinedName }).waitFor();
    const counted = await apiAs<ConfigCount[]>(
      page,
      app.url,
      callPath(auditCalls.summary, { c: scope.companyId, t: scope.companyType }),
    );
    const routes = counted.find((row) => row.objectType === 'route')!;
    const routesLink = page.getByTestId('home-counts').getByRole('link', { name: /Routes$/ });
    expect(await routesLink.textContent()).toBe(`${routes.count} Routes`);
    const changes = await apiAs<AuditPage>(
      page,
      app.url,
      callPath(auditCalls.list, { c: scope.companyId, t: scope.companyType, page: 1, size: 5 }),
    );
    expect(changes.rows.length).toBeGreaterThan(0);
    const listed = page.getByRole('list', { name: 'Recent changes' }).getByRole('link');
    await expect.poll(() => listed.allTextContents()).toEqual(changes.rows.map(changeInWords));
    await saveScreen(page, 'home');
    const first = new URL((await listed.first().getAttribute('href'))!, app.url);
    expect(first.pathname).toBe(screenOfChange(homeScreen, changes.rows[0].objectType));
    expect(scopeOf(first.href)).toEqual(scope);
    await routesLink.click();
    await page.waitForURL((url) => url.pathname === '/routes' && url.searchParams.get('companyId') === scope.companyId);
  });

  it("'/' and a new session at the same desk open on the company last chosen (issue 'continuity' point 1)", async () => {
    const scope = scopeOf(page.url());
    await page.goto(`${app.url}/`);
    await page.waitForURL((url) => url.pathname === '/home' && url.searchParams.get('companyId') === scope.companyId);
    await page.locator('.ant-card-head-title', { hasText: scope.combinedName }).waitFor();

    // The same desk's storage, as a new browser window has it: the same session opens on it.
    const state = await page.context().storageState();
    const again = await (await app.browser.newContext({ storageState: state })).newPage();
    await again.goto(app.url);
    await again.waitForURL((url) => url.pathname === '/home' && url.searchParams.get('companyId') === scope.companyId);
    await again.close();

    // A new session: only what outlives Logout (the remembered scopes), then the code login.
    const remembered = {
      cookies: [],
      origins: state.origins.map((origin) => ({
        ...origin,
        localStorage: origin.localStorage.filter((item) => item.name.startsWith('lastScope:')),
      })),
    };
    expect(remembered.origins.flatMap((origin) => origin.localStorage)).toHaveLength(1);
    const fresh = await (await app.browser.newContext({ storageState: remembered })).newPage();
    await login(fresh, app.url, 'ops@demo.local');
    await fresh.waitForURL((url) => url.pathname === '/home' && url.searchParams.get('companyId') === scope.companyId);
    await fresh.locator('.ant-card-head-title', { hasText: scope.combinedName }).waitFor();
    await fresh.close();
  });

  describe('login page, too many requests', () => {
    let login: Page;
    beforeAll(async () => {
      login = await (await app.browser.newContext()).newPage();
    });

    /** Submits with `click` until an answer of `call` is a 429; returns its Retry-After. */
    async function until429(click: () => Promise<void>, path: string, most: number): Promise<number> {
      for (let i = 0; i < most; i++) {
        const answer = login.waitForResponse((res) => new URL(res.url()).pathname === path);
        await click();
        const res = await answer;
        if (res.status() === 429) return Number(res.headers()['retry-after']);
      }
      throw new Error(`no 429 from ${path} after ${most} tries`);
    }

    it('states the wait after too many wrong codes', async () => {
      await login.goto(`${app.url}/login`);
      await login.getByLabel('E-mail or phone').fill('ops@demo.local');
      await login.getByRole('button', { name: 'Send code' }).click();
      await login.getByLabel('One-time code').fill('000000');
      const wait = await until429(
        () => login.getByRole('button', { name: 'Verify and sign in' }).click(),
        callPath(authCalls.verifyCode),
        15,
      );
      expect(wait).toBeGreaterThan(0);
      await login.getByRole('alert').getByText(tooManyText(wait)).waitFor();
      expect(tooManyText(wait)).toMatch(/^Too many requests\. Try again in \d+ (minutes?|seconds?)$/);
      // While the wait lasts: no 'code is on its way' beside it, no code can be tried or sent, another identifier can.
      expect(await login.getByText('6 digit code is on its way').count()).toBe(0);
      expect(await login.getByRole('button', { name: 'Verify and sign in' }).isDisabled()).toBe(true);
      expect(await login.getByLabel('One-time code').isDisabled()).toBe(true);
      expect(await login.getByRole('button', { name: 'Resend code' }).isDisabled()).toBe(true);
      expect(await login.getByRole('button', { name: 'Use another e-mail or phone' }).isEnabled()).toBe(true);
    });

    it('states the wait after too many code requests', async () => {
      await login.getByRole('button', { name: 'Use another e-mail or phone' }).click();
      const path = callPath(authCalls.requestCode);
      // Use up the address's allowance of code requests, then ask through the page.
      await login.evaluate(async (url) => {
        for (let i = 0; i < 25; i++) {
          const res = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ identifier: `nobody${i}@demo.local` }),
          });
          if (res.status === 429) return;
        }
      }, path);
      const wait = await until429(() => login.getByRole('button', { name: 'Send code' }).click(), path, 1);
      await login.getByRole('alert').getByText(tooManyText(wait)).waitFor();
      expect(await login.getByLabel('One-time code').count()).toBe(0);
      expect(await login.getByRole('button', { name: 'Send code' }).isDisabled()).toBe(true);
    });
  });
});
