import type { ConsoleMenuEntry } from '../../screens/define';

/** The name of the Changes screen's kind in the engine's registry (`src/extensions.ts`). */
export const CHANGES_KIND = 'changes';

/** The Changes screen's config: where it mounts, its title and its menu entry. */
export interface ChangesConfig {
  kind: typeof CHANGES_KIND;
  path: string;
  title: string;
  menu?: ConsoleMenuEntry;
}
