import { COOPERATIVE_HINT } from '../types';

/** How long the hint stays after the last wheel turn without Ctrl (ms). */
export const HINT_MS = 1500;

/**
 * Cooperative wheel for a Leaflet map inside a scrolling page, as Google's `gestureHandling: 'cooperative'`: a wheel
 * turn without Ctrl or Cmd is kept from Leaflet's scroll-wheel zoom (it scrolls the page, as on any other element) and
 * shows {@link COOPERATIVE_HINT} over the map for a moment; with Ctrl or Cmd, Leaflet zooms (and stops the browser's
 * own page zoom). A listener of the container's capture phase, so it runs before Leaflet's own on the same element.
 * Returns what removes it. (`leaflet-gesture-handling` does this too, but has had no release since 2020.)
 */
export function cooperativeWheel(element: HTMLElement): () => void {
  const hint = element.appendChild(document.createElement('div'));
  hint.className = 'lego-map-hint';
  hint.setAttribute('aria-hidden', 'true');
  hint.textContent = COOPERATIVE_HINT;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onWheel = (event: WheelEvent) => {
    if (event.ctrlKey || event.metaKey) {
      hint.classList.remove('lego-map-hint-shown');
      return;
    }
    event.stopPropagation();
    hint.classList.add('lego-map-hint-shown');
    clearTimeout(timer);
    timer = setTimeout(() => hint.classList.remove('lego-map-hint-shown'), HINT_MS);
  };
  element.addEventListener('wheel', onWheel, { capture: true });
  return () => {
    clearTimeout(timer);
    element.removeEventListener('wheel', onWheel, { capture: true });
    hint.remove();
  };
}
