import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page, Request } from 'playwright-core';
import { screens } from '../../screens';
import {
  axeViolations,
  choose,
  pickCompany,
  saveScreen,
  type AxeViolation,
  type RunningConsole,
  operatorSession,
} from './harness';
import { walkMain } from './focus-walk';

/**
 * Issue 10, points 8 and 9, and issue 'Operators', item 6: every screen of the console (each list, form, sheet, tool
 * page and upload of the screen registry, plus the login page, the 404 page, a form after a failed submit, a tool page
 * after its action, an upload's e-mail dialog and a list's dialogs) has no serious or critical axe-core violation of
 * WCAG 2.1 A/AA, and in dark mode no serious or critical colour contrast violation; Tab reaches every control of the
 * screen in order, each with a visible focus ring, and nothing clickable is out of its reach; a list's dialogs open by
 * keyboard, close on Escape and give focus back; and each screen is saved as a 1280 × 800 screenshot (light and dark)
 * in test-results/screens/ to look at. One login, one page: screens after the first are opened inside the app, as its
 * menu does, not by reloading it.
 */
const session = operatorSession();
let app: RunningConsole;
let page: Page;
let search = '';
/** Uncaught errors of the page: a screen that throws fails its test (and would leave the next one blank). */
const errors: string[] = [];

/** Requests of each page still under way, to know when a screen has loaded everything it asked for. */
const pending = new WeakMap<Page, Set<Request>>();
function trackRequests(p: Page): void {
  const requests = new Set<Request>();
  pending.set(p, requests);
  p.on('request', (r) => requests.add(r));
  p.on('requestfinished', (r) => requests.delete(r));
  p.on('requestfailed', (r) => requests.delete(r));
}

beforeAll(async () => {
  ({ app, page } = session);
  trackRequests(page);
  page.on('pageerror', (e) => errors.push(`${e.message}\n${e.stack?.split('\n').slice(0, 6).join('\n')}`));
  await page.setViewportSize({ width: 1280, height: 800 });
  await pickCompany(page, 'Tata', 'Tata Steel Limited (CONSIGNOR)');
  await page.waitForURL(/companyId=/);
  search = new URL(page.url()).search;
});

/** The serious and critical violations, one line each, for the failure message. */
function serious(violations: AxeViolation[]): string[] {
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.targets.join(' | ')}`);
}

/**
 * Waits until nothing loads: no request under way, no spinner, skeleton or part marked busy, no antd animation in progress (but the
 * click wave of a button, a decoration that lasts two seconds).
 */
async function settle(p: Page): Promise<void> {
  const requests = pending.get(p)!;
  do {
    await expect.poll(() => requests.size, { message: 'requests under way', interval: 20 }).toBe(0);
    await p.waitForFunction(
      () =>
        !document.querySelector('.ant-spin-spinning, .ant-skeleton-active, .ant-btn-loading, [aria-busy="true"]') &&
        ![...document.querySelectorAll('[class]')].some(
          (e) => !e.classList.contains('ant-wave') && /-(enter|appear|leave)(-active)?\b/.test(e.className.toString()),
        ),
      null,
      { polling: 'raf' },
    );
    // A part whose code is already loaded (a screen's inline form) can mount a few frames later with no request and
    // no skeleton shown: the page is settled once main's controls stay the same over several frames in a row.
    await p.waitForFunction(
      (frames) => {
        const w = window as unknown as { __settle?: { last: string; same: number } };
        const now =
          [...document.querySelectorAll('main input, main button, main a[href], main [tabindex], main textarea')]
            .length +
          ':' +
          (document.querySelector('main')?.innerHTML.length ?? 0);
        w.__settle ??= { last: '', same: 0 };
        const state = w.__settle;
        state.same = state.last === now ? state.same + 1 : 0;
        state.last = now;
        if (state.same < frames) return false;
        delete w.__settle;
        return true;
      },
      10,
      { polling: 'raf' },
    );
  } while (requests.size > 0);
}

/**
 * Shows the page in a colour scheme as the system would ask for it (the console follows the system's unless the
 * operator picked one), and waits until it is drawn so: the header's dark mode switch (where there is one) says so,
 * and a frame has been drawn since.
 */
async function showScheme(p: Page, scheme: 'light' | 'dark'): Promise<void> {
  await p.emulateMedia({ colorScheme: scheme });
  await p.waitForFunction(
    (dark) =>
      matchMedia('(prefers-color-scheme: dark)').matches === dark &&
      [...document.querySelectorAll('button[aria-label="Dark mode"]')].every(
        (b) => b.getAttribute('aria-pressed') === String(dark),
      ),
    scheme === 'dark',
  );
  // The theme's styles are written as the scheme's change renders (no request, no animation with reduced motion):
  // drawn by the next frame.
  await p.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
}

/** The colour scheme each page is shown in (light until {@link check} changes it). */
const schemes = new WeakMap<Page, 'light' | 'dark'>();

/**
 * Checks the settled page in both colour schemes (issue 'Operators', item 6), each with its screenshot: in light, no
 * serious axe violation; in dark, its colour contrast only, as nothing else changes with the scheme. It starts in the
 * scheme the page is in and leaves it in the other, so that each state costs one change of scheme, not two.
 */
async function check(p: Page, name: string): Promise<void> {
  await settle(p);
  expect(errors.splice(0), `errors thrown on ${name}`).toEqual([]);
  const first = schemes.get(p) ?? 'light';
  for (const scheme of first === 'light' ? (['light', 'dark'] as const) : (['dark', 'light'] as const)) {
    if (scheme !== first) {
      await showScheme(p, scheme);
      schemes.set(p, scheme);
    }
    if (scheme === 'light') {
      await saveScreen(p, name);
      expect.soft(serious(await axeViolations(p)), `axe on ${name}`).toEqual([]);
    } else {
      await saveScreen(p, `${name}-dark`);
      expect.soft(serious(await axeViolations(p, ['color-contrast'])), `axe on ${name} in dark mode`).toEqual([]);
    }
  }
}

/**
 * Tab walks the screen: it reaches each control of main in order, each shows its focus, nothing clickable is left
 * out. From the top of the page through the shell when `fromTop`, else from the start of main.
 */
async function checkKeyboard(p: Page, name: string, fromTop = false): Promise<void> {
  let walk = await walkMain(p, { fromTop });
  // A walk that strays once on a loaded machine (a part that re-rendered under the focus) is walked again, settled:
  // what is wrong with the screen strays twice. The first walk's difference is printed, to find what moved.
  const strayed = walk.expected.findIndex((control, i) => walk.reached[i] !== control);
  if (strayed >= 0 || walk.reached.length !== walk.expected.length) {
    console.warn(
      `${name}: the first Tab walk strayed at stop ${strayed}: expected ${walk.expected[strayed]}, reached ${walk.reached[strayed]} (${walk.reached.length} of ${walk.expected.length} reached); walking again`,
    );
    await settle(p);
    walk = await walkMain(p, { fromTop });
  }
  expect(walk.expected.length, `${name} has a control in its main content`).toBeGreaterThan(0);
  if (fromTop) expect(walk.reached.length, `Tab reaches the main content of ${name} from the top`).toBeGreaterThan(0);
  expect.soft(walk.reached, `Tab reaches every control of ${name}, in order`).toEqual(walk.expected);
  expect.soft(walk.unringed, `controls of ${name} without a visible focus`).toEqual([]);
  expect.soft(walk.unreachable, `clickable things of ${name} that Tab cannot reach`).toEqual([]);
}

/** Opens a path of the console inside the app (as a menu link does: history and the router, no reload). */
async function open(p: Page, path: string, title: string): Promise<void> {
  await p.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await p.getByText(title, { exact: true }).first().waitFor();
}

/**
 * Opens a dialog of a row by keyboard (`key` on its focused control), checks it with axe, and checks that focus is in
 * it, that Escape closes it and that focus goes back to the control.
 */
async function dialogByKeyboard(p: Page, trigger: Locator, key: 'Enter' | ' ', name: string): Promise<void> {
  const dialog = p.locator('.ant-modal-wrap:visible, .ant-popover:visible').last();
  await trigger.focus();
  await p.keyboard.press(key);
  await dialog.waitFor();
  await check(p, name);
  expect.soft(await dialog.evaluate((d) => d.contains(document.activeElement)), `focus moves into ${name}`).toBe(true);
  await p.keyboard.press('Escape');
  await p.waitForFunction(
    () =>
      ![...document.querySelectorAll('.ant-modal-wrap, .ant-popover')].some((e) =>
        (e as HTMLElement).checkVisibility(),
      ),
  );
  await expect
    .poll(() => trigger.evaluate((t) => t === document.activeElement), {
      message: `focus back on the control that opened ${name}`,
    })
    .toBe(true);
}

/** A screen's shown title, to know its page is the one drawn. */
const titleOf = (title: string | { create: string; edit?: string }, edit = false) =>
  typeof title === 'string' ? title : edit ? (title.edit ?? title.create) : title.create;
const slug = (path: string) =>
  path
    .replace(/^\//, '')
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/-$/, '') || 'home';

/** Edit pages found on the lists (the href of a row's Edit link), by the form's edit path. */
const editHrefs = new Map<string, string>();

describe('accessibility, keyboard and screenshots of every screen', () => {
  it('the login page', async () => {
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const login = await context.newPage();
    trackRequests(login);
    await login.goto(`${app.url}/login`);
    await login.getByLabel('E-mail or phone').waitFor();
    await check(login, 'login');
    await login.getByRole('button', { name: 'Send code' }).click();
    await login.getByText('Please enter your e-mail or phone number').waitFor();
    await check(login, 'login-errors');
    await context.close();
  });

  it('the 404 page', async () => {
    await page.goto(`${app.url}/no-such-page${search}`);
    await page.getByText('Page not found').waitFor();
    await check(page, 'not-found');
    await checkKeyboard(page, 'not-found', true);
  });

  for (const screen of screens.filter((s) => s.kind === 'list')) {
    it(`list ${screen.path}`, async () => {
      // Ten rows a page (a size every list offers): the rows of a list are alike, and each is walked by Tab and read by
      // axe; twenty cost twice as much and find nothing ten do not.
      await open(page, `${screen.path}${search}&size=10`, titleOf(screen.title));
      await check(page, `list-${slug(screen.path)}`);
      await checkKeyboard(page, screen.path);
      const edit = page.locator('main a[aria-label="Edit"]').first();
      if (await edit.count()) {
        const href = (await edit.getAttribute('href'))!;
        const form = screens.find(
          (s) =>
            s.editPath &&
            new RegExp(`^${s.editPath.replace(/:[^/]+/g, '[^/]+')}$`).test(new URL(href, app.url).pathname),
        );
        if (form?.editPath) editHrefs.set(form.editPath, href);
      }
      // The dialogs of a row, each opened by keyboard: the quick edit modal, the delete confirmation, a switch's question.
      const main = page.locator('main');
      const quick = main.getByRole('button', { name: 'Quick edit' }).and(page.locator(':enabled')).first();
      const remove = main.getByRole('button', { name: 'Delete', exact: true }).and(page.locator(':enabled')).first();
      const toggle = main.getByRole('switch').and(page.locator(':enabled')).first();
      if (await quick.count()) await dialogByKeyboard(page, quick, 'Enter', `list-${slug(screen.path)}-quick-edit`);
      if (await remove.count()) await dialogByKeyboard(page, remove, ' ', `list-${slug(screen.path)}-delete`);
      if (await toggle.count()) await dialogByKeyboard(page, toggle, ' ', `list-${slug(screen.path)}-switch`);
    });
  }

  /** Forms that send nothing (`defineLocalForm`): walked like the others, without a submit. */
  const LOCAL_FORMS = new Set(['/epod-configuration']);
  for (const screen of screens.filter((s) => s.kind === 'form')) {
    it(`form ${screen.path}, then a failed submit`, async () => {
      await open(page, `${screen.path}${search}`, titleOf(screen.title));
      await check(page, `form-${slug(screen.path)}`);
      await checkKeyboard(page, screen.path);
      // Tab reached every control in order (above); among them each field of the form, its submit and its Back.
      const unreached = await page.evaluate(() =>
        [...document.querySelectorAll('main form .ant-form-item, main form button[type=submit], main button')]
          .filter(
            (e) =>
              (e as HTMLElement).checkVisibility() &&
              !e.matches('[data-kb], :disabled') &&
              !e.querySelector('[data-kb], :disabled'),
          )
          .map((e) => e.textContent?.trim().slice(0, 40)),
      );
      expect.soft(unreached, `fields and buttons of ${screen.path} that Tab does not reach`).toEqual([]);
      // A local form (the EPOD mock-up of spec 002 section 2.5) saves nothing and has no submit button.
      if (LOCAL_FORMS.has(screen.path)) {
        expect(await page.locator('main form button[type=submit]').count()).toBe(0);
        return;
      }
      expect
        .soft(
          await page.locator('main form button[type=submit][data-kb]').count(),
          `Tab reaches the submit button of ${screen.path}`,
        )
        .toBeGreaterThan(0);
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
      await open(page, `${screen.path}${search}`, titleOf(screen.title));
      await check(page, `sheet-${slug(screen.path)}`);
      await checkKeyboard(page, screen.path);
    });
  }

  /** Values a tool page's fields are given to show its result box: a seeded trip (server/seed/trips.ts) by label. */
  const SAMPLE_INPUTS: Record<string, string> = { 'Trip ID': 'TRP1001000' };
  /** A toast, a field's error or the result box: what an action shows once its call (or the form's check) is done. */
  const ANSWERED =
    'main .ant-form-item-explain-error, .ant-message-notice:not([data-seen]), .ant-notification-notice:not([data-seen]), [data-testid=tool-result]';
  /** Marks the toasts already shown, so that waiting for {@link ANSWERED} waits for the next action's. */
  const markToasts = (p: Page) =>
    p.evaluate(() => {
      for (const n of document.querySelectorAll('.ant-message-notice, .ant-notification-notice'))
        n.setAttribute('data-seen', '');
    });
  for (const screen of screens.filter((s) => s.kind === 'tool')) {
    it(`tool ${screen.path}, its action on the empty form, then on sample values`, async () => {
      await open(page, `${screen.path}${search}`, titleOf(screen.title));
      await check(page, `tool-${slug(screen.path)}`);
      await checkKeyboard(page, screen.path);
      // Tab reached every control in order (above); among them each field of the form and each action button.
      const unreached = await page.evaluate(() =>
        [...document.querySelectorAll('main form .ant-form-item, main button')]
          .filter(
            (e) =>
              (e as HTMLElement).checkVisibility() &&
              !e.matches('[data-kb], :disabled') &&
              !e.querySelector('[data-kb], :disabled'),
          )
          .map((e) => e.textContent?.trim().slice(0, 40)),
      );
      expect.soft(unreached, `fields and buttons of ${screen.path} that Tab does not reach`).toEqual([]);
      const config = (await screen.load()) as unknown as { actions: readonly { label: string; primary?: boolean }[] };
      const action = config.actions.find((a) => a.primary) ?? config.actions[0];
      const button = page.locator('main').getByRole('button', { name: action.label, exact: true });
      if (!(await button.isEnabled())) return;
      // The form as it opens (required fields empty): the action's check or its call answers.
      await markToasts(page);
      await button.click();
      await page.locator(ANSWERED).first().waitFor();
      await check(page, `tool-${slug(screen.path)}-empty-action`);
      const sample = page.locator('main form').getByRole('textbox');
      let filled = 0;
      for (const [label, value] of Object.entries(SAMPLE_INPUTS)) {
        const field = sample.and(page.getByLabel(label, { exact: true }));
        if (await field.count()) {
          await field.first().fill(value);
          filled++;
        }
      }
      if (!filled) return;
      await markToasts(page);
      await button.click();
      await page.locator(ANSWERED).first().waitFor();
      await check(page, `tool-${slug(screen.path)}-sample-action`);
      await checkKeyboard(page, `${screen.path} after ${action.label}`);
    });
  }

  for (const screen of screens.filter((s) => s.kind === 'upload')) {
    it(`upload ${screen.path}: the page, Upload without a file, then the e-mail dialog`, async () => {
      // A path parameter naming the component: the config's first component.
      const config = (await screen.load()) as unknown as {
        componentParam: string;
        components: Record<string, string>;
        messages: { noFile: string; modalTitle: string };
      };
      const [component, label] = Object.entries(config.components)[0]!;
      const path = screen.path.replace(`:${config.componentParam}`, component);
      expect(path, `${screen.path} has no other path parameter`).not.toContain(':');
      await open(page, `${path}${search}`, `Upload ${label}`);
      await check(page, `upload-${slug(path)}`);
      await checkKeyboard(page, path);
      const main = page.locator('main');
      await main.getByRole('button', { name: 'Upload', exact: true }).click();
      await page.getByText(config.messages.noFile).first().waitFor();
      await check(page, `upload-${slug(path)}-no-file`);
      // A chosen file (not sent: the dialog asks for an e-mail first), then the dialog, closed by Escape.
      await main.locator('input[type=file]').setInputFiles({
        name: 'bench.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: Buffer.from('PK'),
      });
      await main.getByText('bench.xlsx').waitFor();
      await dialogByKeyboard(
        page,
        main.getByRole('button', { name: 'Upload', exact: true }),
        'Enter',
        `upload-${slug(path)}-email`,
      );
    });
  }

  it('the company home (/home): its counts and latest changes', async () => {
    await open(page, `/home${search}`, 'What is configured');
    await page.getByRole('list', { name: 'Recent changes' }).getByRole('link').first().waitFor();
    await check(page, 'home');
    await checkKeyboard(page, '/home');
  });

  it('the comparison of two companies (/compare), and its copy preview', async () => {
    await open(page, `/compare${search}`, 'Compare and Copy');
    await choose(page, 'Compare with company', 'Hindustan', 'Hindustan Unilever Limited');
    await page.getByText('Alert settings').first().waitFor();
    await check(page, 'compare');
    await checkKeyboard(page, '/compare');
    await page.locator('main tbody').getByRole('checkbox', { disabled: false }).first().check();
    await page.getByRole('button', { name: /Preview copy/ }).click();
    await page.getByRole('dialog').getByText('Nothing has been written yet').waitFor();
    await check(page, 'compare-preview');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it("an alert's impact preview (/alert-settings): its settings, then its result", async () => {
    await open(page, `/alert-settings${search}`, 'Alert Settings');
    const row = page
      .locator('tr.ant-table-row')
      .filter({ has: page.getByRole('cell', { name: 'long_stoppage', exact: true }) });
    await row.getByRole('button', { name: 'Preview impact' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Level 1, longer trips').fill('180');
    await check(page, 'impact-settings');
    await dialog.getByRole('button', { name: 'Run preview' }).click();
    await dialog.getByTestId('impact-result').waitFor({ timeout: 60_000 });
    await check(page, 'impact-result');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('the edit pages found on the lists', async () => {
    expect(editHrefs.size, 'some lists have rows with an Edit link').toBeGreaterThan(0);
    for (const [editPath, href] of editHrefs) {
      const screen = screens.find((s) => s.editPath === editPath)!;
      await open(page, href, titleOf(screen.title, true));
      await check(page, `edit-${slug(screen.path)}`);
      await checkKeyboard(page, editPath);
    }
    // Every edit page in one test (their paths are found by the lists' tests): each is checked, shown in both schemes
    // and walked by Tab, some ten seconds of a busy two-core machine. A guard, not a speed check.
  }, 240_000);
});
