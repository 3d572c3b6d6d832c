import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screens } from '../../screens';
import { answer, axeViolations, pickCompany, saveScreen, type AxeViolation, type RunningConsole, operatorSession } from './harness';

/**
 * Issue 10, points 8 and 9: every screen of the console (each list, form and sheet of the screen registry, plus the
 * login page, the 404 page, a form after a failed submit and a list's dialog) has no serious or critical axe-core
 * violation of WCAG 2.1 A/AA, reaches its first control by Tab with a visible focus ring, and is saved as a
 * 1280 × 800 screenshot in test-results/screens/ to look at.
 */
const session = operatorSession();
let app: RunningConsole;
let page: Page;
let search = '';

beforeAll(async () => {
  ({ app, page } = session);
  await page.setViewportSize({ width: 1280, height: 800 });
  await pickCompany(page, 'Tata', 'Tata Steel Limited (CONSIGNOR)');
  await page.waitForURL(/companyId=/);
  search = new URL(page.url()).search;
});

/** The serious and critical violations, one line each, for the failure message. */
function serious(violations: AxeViolation[]): string[] {
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.targets.join(' | ')}`);
}

/** Waits until nothing loads: no pending request, no spinner, no skeleton, no animation of antd in progress. */
async function settle(p: Page): Promise<void> {
  await p.waitForLoadState('networkidle');
  await p.waitForFunction(
    () => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active, .ant-btn-loading') && ![...document.querySelectorAll('[class]')].some((e) => /-(enter|appear|leave)(-active)?\b/.test(e.className.toString())),
  );
}

/** Checks the settled page: no serious axe violation, and the screenshot saved. */
async function check(p: Page, name: string): Promise<void> {
  await settle(p);
  await saveScreen(p, name);
  expect.soft(serious(await axeViolations(p)), `axe on ${name}`).toEqual([]);
}

/** The first element of the screen (inside the shell's <main>) that Tab reaches; it must show a focus ring. */
async function checkKeyboard(p: Page, name: string): Promise<void> {
  const first = await p.evaluate(() => {
    const main = document.querySelector('main');
    const sel = 'a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';
    const el = [...(main?.querySelectorAll<HTMLElement>(sel) ?? [])].find((e) => e.checkVisibility() && e.tabIndex >= 0);
    if (!el) return null;
    el.setAttribute('data-a11y-first', '');
    return el.outerHTML.slice(0, 120);
  });
  expect(first, `${name} has a control in its main content`).not.toBeNull();
  // Start from the body, as after a page load, and Tab through the header and the menu into the screen.
  await p.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  let reached = false;
  for (let i = 0; i < 60 && !reached; i++) {
    await p.keyboard.press('Tab');
    reached = await p.evaluate(() => Boolean(document.activeElement?.closest('main')));
  }
  expect(reached, `Tab reaches the main content of ${name}`).toBe(true);
  expect(await p.evaluate(() => document.activeElement?.hasAttribute('data-a11y-first')), `Tab lands first on ${first} in ${name}`).toBe(true);
  // A visible focus: an outline or a box shadow on the element or a close ancestor (antd rings the select box, not its input).
  await expect
    .poll(
      () =>
        p.evaluate(() => {
          for (let el = document.activeElement as HTMLElement | null, i = 0; el && i < 4; el = el.parentElement, i++) {
            const s = getComputedStyle(el);
            if ((s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none') return true;
          }
          return false;
        }),
      { message: `visible focus on the first control of ${name}` },
    )
    .toBe(true);
  await p.evaluate(() => document.querySelector('[data-a11y-first]')?.removeAttribute('data-a11y-first'));
}

/** A screen's shown title, to know its page is the one drawn. */
const titleOf = (title: string | { create: string; edit?: string }, edit = false) => (typeof title === 'string' ? title : edit ? (title.edit ?? title.create) : title.create);
const slug = (path: string) => path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '') || 'home';

/** Edit pages found on the lists (the href of a row's Edit link), by the form's edit path. */
const editHrefs = new Map<string, string>();

describe('accessibility and screenshots of every screen', () => {
  it('the login page', async () => {
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const login = await context.newPage();
    await login.goto(`${app.url}/login`);
    await login.getByLabel('E-mail or phone').waitFor();
    await check(login, 'login');
    await login.getByRole('button', { name: 'Send code' }).click();
    await login.getByText('Please enter a valid e-mail or 10 digit phone number').waitFor();
    await check(login, 'login-errors');
    await context.close();
  });

  it('the 404 page', async () => {
    await page.goto(`${app.url}/no-such-page${search}`);
    await page.getByText('Page not found').waitFor();
    await check(page, 'not-found');
    await checkKeyboard(page, 'not-found');
  });

  const lists = screens.filter((s) => s.kind === 'list');
  for (const screen of lists) {
    it(`list ${screen.path}`, async () => {
      await page.goto(`${app.url}${screen.path}${search}`);
      await page.getByText(titleOf(screen.title), { exact: true }).first().waitFor();
      await check(page, `list-${slug(screen.path)}`);
      await checkKeyboard(page, screen.path);
      const edit = page.locator('main a[aria-label="Edit"]').first();
      if (await edit.count()) {
        const href = (await edit.getAttribute('href'))!;
        const form = screens.find((s) => s.editPath && new RegExp(`^${s.editPath.replace(/:[^/]+/g, '[^/]+')}$`).test(new URL(href, app.url).pathname));
        if (form?.editPath) editHrefs.set(form.editPath, href);
      }
      // A dialog of the list: the quick edit modal where rows have one, else the delete confirmation.
      const quick = page.locator('main').getByRole('button', { name: 'Quick edit' }).first();
      const remove = page.locator('main').getByRole('button', { name: 'Delete', exact: true }).first();
      if ((await quick.count()) && (await quick.isEnabled())) {
        await quick.click();
        await page.locator('.ant-modal:visible').waitFor();
        await check(page, `list-${slug(screen.path)}-quick-edit`);
        await page.keyboard.press('Escape');
        await page.waitForFunction(() => ![...document.querySelectorAll('.ant-modal-wrap')].some((e) => (e as HTMLElement).checkVisibility()));
      } else if (await remove.count()) {
        await remove.click();
        await page.locator('.ant-popover:visible').waitFor();
        await check(page, `list-${slug(screen.path)}-delete`);
        await answer(page, 'No');
      }
    });
  }

  for (const screen of screens.filter((s) => s.kind === 'form')) {
    it(`form ${screen.path}, then a failed submit`, async () => {
      await page.goto(`${app.url}${screen.path}${search}`);
      const title = titleOf(screen.title);
      await page.getByText(title, { exact: true }).first().waitFor();
      await check(page, `form-${slug(screen.path)}`);
      await checkKeyboard(page, screen.path);
      const submit = page.locator('main form button[type=submit]').first();
      if (await submit.isEnabled()) {
        await submit.click();
        await page.locator('main .ant-form-item-explain-error, .ant-message-notice').first().waitFor();
        await check(page, `form-${slug(screen.path)}-errors`);
      }
    });
  }

  for (const screen of screens.filter((s) => s.kind === 'sheet')) {
    it(`sheet ${screen.path}`, async () => {
      await page.goto(`${app.url}${screen.path}${search}`);
      await page.getByText(titleOf(screen.title), { exact: true }).first().waitFor();
      await check(page, `sheet-${slug(screen.path)}`);
      await checkKeyboard(page, screen.path);
    });
  }

  it('the edit pages found on the lists', async () => {
    expect(editHrefs.size, 'some lists have rows with an Edit link').toBeGreaterThan(0);
    for (const [editPath, href] of editHrefs) {
      const screen = screens.find((s) => s.editPath === editPath)!;
      await page.goto(new URL(href, app.url).href);
      await page.getByText(titleOf(screen.title, true), { exact: true }).first().waitFor();
      await check(page, `edit-${slug(screen.path)}`);
      await checkKeyboard(page, editPath);
    }
  });
});
