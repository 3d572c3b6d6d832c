import type { ConsoleMenuEntry } from '../../screens/define';

/** The name of the comparison's screen kind in the engine's registry (`src/extensions.ts`). */
export const COMPARE_KIND = 'compare';

/** The comparison screen's config: where it mounts, its title and its menu entry. */
export interface CompareConfig {
  kind: typeof COMPARE_KIND;
  path: string;
  title: string;
  menu?: ConsoleMenuEntry;
}
