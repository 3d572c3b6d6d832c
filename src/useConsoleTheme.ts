import type { ThemeConfig } from 'antd';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useColorScheme } from './colorScheme';
import { themeFor } from './theme';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const watchMotion = (changed: () => void) => {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener('change', changed);
  return () => query?.removeEventListener('change', changed);
};
const reducedMotion = () => window.matchMedia?.(REDUCED_MOTION).matches ?? false;

/**
 * The console's antd theme as it is now: the colour scheme in force (the operator's pick, else the system's), without
 * antd's animations when the system asks for reduced motion (WCAG 2.3.3). The app and Storybook's preview both use it.
 */
export function useConsoleTheme(): ThemeConfig {
  const still = useSyncExternalStore(watchMotion, reducedMotion, () => false);
  const [scheme] = useColorScheme();
  // The scheme on <html data-theme>, for what antd's tokens do not reach: the maps dim their ground in dark (engine/map).
  useEffect(() => {
    document.documentElement.dataset.theme = scheme;
  }, [scheme]);
  return useMemo(() => {
    const chosen = themeFor(scheme);
    return still ? { ...chosen, token: { ...chosen.token, motion: false } } : chosen;
  }, [still, scheme]);
}
