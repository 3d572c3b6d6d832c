import type { Page } from 'playwright-core';

/**
 * Issue 10, point 8 (every action reachable by keyboard with a visible focus), checked the way an operator meets it:
 * Tab from the top of the page through the header and the menu into the screen (the shell's <main>) and on to its end.
 * The walk reports each control of main that Tab missed or reached out of order, each that showed no focus ring, and
 * each clickable thing that no key can reach (a clickable div that should be a button).
 */

/** What a walk through one screen found; every list is empty on a screen that passes. */
export interface FocusWalk {
  /** The tabbable controls of main, in document order (what Tab has to reach, one after the other). */
  expected: string[];
  /** The controls in the order Tab reached them. */
  reached: string[];
  /** Controls that showed no outline or shadow of their own (or on a close ancestor) when focused. */
  unringed: string[];
  /** Visible things with a pointer cursor that neither are nor sit in nor hold anything Tab reaches. */
  unreachable: string[];
}

/** An element's place in a walk, as the page reports it after a Tab. */
interface Spot {
  where: 'main' | 'out';
  index: number;
  desc: string;
  ring: boolean;
}

/**
 * The walker's page side, evaluated into the page (`evaluate` is not subject to the console's CSP). It is one
 * function because Playwright sends its source text; helpers it needs are defined inside.
 */
function install(): void {
  type Kb = { mark(): { expected: string[]; unreachable: string[] }; spot(requireRing: boolean): Spot | false };
  const w = window as unknown as { __kb?: Kb; __kbRings?: WeakMap<Element, string> };
  if (w.__kb) return;
  const NATIVE =
    'a[href], area[href], button, input:not([type=hidden]), select, textarea, summary, iframe, [contenteditable=""], [contenteditable="true"], [tabindex]';
  const shown = (e: Element) => e.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions);
  const native = (e: Element): e is HTMLElement =>
    e instanceof HTMLElement &&
    e.matches(NATIVE) &&
    !e.matches(':disabled') &&
    e.tabIndex >= 0 &&
    !e.closest('[inert]') &&
    shown(e);
  // Chrome also stops on a box that scrolls and holds nothing Tab reaches (so its content can be scrolled by keys).
  const scroller = (e: Element): e is HTMLElement => {
    if (!(e instanceof HTMLElement) || e.hasAttribute('tabindex') || !shown(e)) return false;
    const s = getComputedStyle(e);
    const scrolls =
      (/auto|scroll/.test(s.overflowY) && e.scrollHeight > e.clientHeight) ||
      (/auto|scroll/.test(s.overflowX) && e.scrollWidth > e.clientWidth);
    return scrolls && ![...e.querySelectorAll('*')].some(native);
  };
  const tabbable = (e: Element): e is HTMLElement => native(e) || scroller(e);
  const desc = (e: Element) => {
    const name =
      e.getAttribute('aria-label') ??
      (e.id && document.querySelector(`label[for="${CSS.escape(e.id)}"]`)?.textContent) ??
      e.getAttribute('title') ??
      e.textContent ??
      '';
    const cls = [...e.classList]
      .filter((c) => !c.startsWith('css-'))
      .slice(0, 2)
      .join('.');
    return `<${e.tagName.toLowerCase()}${cls ? `.${cls}` : ''}${e.getAttribute('role') ? ` role=${e.getAttribute('role')}` : ''}> "${name.trim().slice(0, 40)}"`;
  };
  // A box shadow counts when one of its layers has some colour and some size (antd leaves transparent 0px shadows).
  const shadow = (value: string) =>
    value === 'none'
      ? ''
      : value
          .split(/,(?![^(]*\))/)
          .filter((layer) => {
            const alpha = /rgba\([^)]*,\s*([\d.]+)\)/.exec(layer);
            const lengths = [...layer.replace(/rgba?\([^)]*\)/, '').matchAll(/(-?[\d.]+)px/g)].map((m) =>
              Math.abs(parseFloat(m[1])),
            );
            return (!alpha || parseFloat(alpha[1]) > 0.05) && lengths.some((l) => l > 0.5);
          })
          .join(',');
  const ringOf = (e: Element) => {
    const s = getComputedStyle(e);
    const outline =
      s.outlineStyle === 'none' || parseFloat(s.outlineWidth) === 0
        ? ''
        : `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`;
    return `${outline}|${shadow(s.boxShadow)}`;
  };
  // The element, its children and three ancestors: antd rings the wrapper of a select or a checkbox, not the input,
  // and the button inside a pagination arrow, not the arrow's focused item.
  const chain = (e: Element) => {
    const out: Element[] = [...e.children];
    for (let x: Element | null = e, n = 0; x && n < 4 && x.tagName !== 'MAIN'; x = x.parentElement, n++) out.push(x);
    return out;
  };
  const rings = new WeakMap<Element, string>();
  w.__kbRings = rings;
  w.__kb = {
    mark() {
      const main = document.querySelector('main');
      if (!main) return { expected: [], unreachable: [] };
      for (const e of document.querySelectorAll('[data-kb]')) e.removeAttribute('data-kb');
      let controls = [...main.querySelectorAll('*')].filter(tabbable);
      // Radio buttons of one named group are one Tab stop: the checked one, else the first.
      const groups = new Map<string, HTMLInputElement[]>();
      for (const e of controls)
        if (e instanceof HTMLInputElement && e.type === 'radio' && e.name)
          groups.set(e.name, [...(groups.get(e.name) ?? []), e]);
      const stops = new Set([...groups.values()].map((g) => g.find((r) => r.checked) ?? g[0]));
      controls = controls.filter(
        (e) => !(e instanceof HTMLInputElement && e.type === 'radio' && e.name) || stops.has(e),
      );
      controls.forEach((e, i) => {
        e.setAttribute('data-kb', String(i));
        for (const x of chain(e)) rings.set(x, ringOf(x));
      });
      const all = [...main.querySelectorAll('*')].filter(tabbable);
      // The mouse's shortcuts inside an input whose keys do the same: a number's step arrows (ArrowUp, ArrowDown),
      // a select's arrow and placeholder and the remove cross of a chosen tag (Enter opens the list, Backspace removes).
      const WIDGETS = '.ant-input-number, .ant-select, .ant-picker';
      const reachable = (e: Element) => {
        const widget = e.closest(WIDGETS);
        if (widget && all.some((t) => widget.contains(t))) return true;
        for (let x: Element | null = e; x && x !== main; x = x.parentElement) {
          if (tabbable(x)) return true;
          // A label moves focus to its control.
          if (x instanceof HTMLLabelElement && x.control && tabbable(x.control)) return true;
        }
        return all.some((t) => e.contains(t));
      };
      const unreachable = [...main.querySelectorAll('*')]
        .filter(
          (e) =>
            shown(e) &&
            getComputedStyle(e).cursor === 'pointer' &&
            !(
              e.parentElement &&
              getComputedStyle(e.parentElement).cursor === 'pointer' &&
              !tabbable(e.parentElement) &&
              !reachable(e.parentElement)
            ) &&
            !reachable(e),
        )
        .map(desc);
      return { expected: controls.map((e, i) => `#${i} ${desc(e)}`), unreachable };
    },
    spot(requireRing) {
      const e = document.activeElement;
      if (!e?.closest('main')) return { where: 'out', index: -1, desc: e ? desc(e) : '', ring: false };
      // A composite (a tree) keeps focus on itself and rings its active item, named by aria-activedescendant.
      const active = document.getElementById(e.getAttribute('aria-activedescendant') ?? '');
      const ring = [...chain(e), ...(active ? [active, ...active.querySelectorAll('*')] : [])].some((x) => {
        const now = ringOf(x);
        return (
          now !== (rings.get(x) ?? '|') &&
          now !== '|' &&
          x.checkVisibility({ opacityProperty: true, visibilityProperty: true } as CheckVisibilityOptions) &&
          x.getBoundingClientRect().width > 0
        );
      });
      if (requireRing && !ring) return false;
      return { where: 'main', index: Number(e.getAttribute('data-kb') ?? -1), desc: desc(e), ring };
    },
  };
}

/**
 * Walks a settled screen with Tab to the last control of main: from the top of the page through the shell's header
 * and menu (`fromTop`), else from the start of main (the shell is the same on every screen: once is enough).
 * Each focused control gets up to a second to show its ring (antd animates the shadow of inputs in).
 */
export async function walkMain(page: Page, { fromTop = false } = {}): Promise<FocusWalk> {
  await page.evaluate(install);
  await page.mouse.move(0, 0);
  // Tab starts from a mark focused at the start of the body (as after a page load) or of main; only blurring would
  // leave Chrome's starting point where the last focus was.
  await page.evaluate((top) => {
    const start = document.createElement('span');
    start.tabIndex = -1;
    start.setAttribute('data-kb-start', '');
    (top ? document.body : document.querySelector('main')!).prepend(start);
    start.focus();
    start.blur();
  }, fromTop);
  const { expected, unreachable } = await page.evaluate(() =>
    (window as unknown as { __kb: { mark(): { expected: string[]; unreachable: string[] } } }).__kb.mark(),
  );
  const walk: FocusWalk = { expected, reached: [], unringed: [], unreachable };
  const spot = (requireRing: boolean) =>
    (window as unknown as { __kb: { spot(r: boolean): Spot | false } }).__kb.spot(requireRing);
  // The header and the menu come first; then one Tab per control of main, and a few more to see focus leave it.
  for (let step = 0, entered = false; step < expected.length + 80; step++) {
    await page.keyboard.press('Tab');
    // Most controls show their ring at once (the tests run with reduced motion): one look; else up to a second.
    const at =
      (await page.evaluate(spot, true)) ||
      (await page
        .waitForFunction(spot, true, { polling: 'raf', timeout: 1000 })
        .then((handle) => handle.jsonValue() as Promise<Spot>)
        .catch(() => page.evaluate(spot, false) as Promise<Spot>));
    if (at.where === 'out') {
      if (entered) break;
      continue;
    }
    entered = true;
    walk.reached.push(at.index >= 0 ? expected[at.index]! : `${at.desc} (not found before the walk)`);
    if (!at.ring) walk.unringed.push(at.desc);
  }
  await page.evaluate(() => document.querySelector('[data-kb-start]')?.remove());
  return walk;
}
