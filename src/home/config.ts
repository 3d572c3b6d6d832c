import type { ConsoleMenuEntry } from '../../screens/define';

/** The name of the company home's screen kind in the engine's registry (`src/extensions.ts`). */
export const HOME_KIND = 'home';

/** One kind of configuration the home counts: its audited object type and the screen that lists it. */
export interface HomeArea {
  objectType: string;
  path: string;
}

/** The company home's config: where it mounts, its title, its menu entry, what it counts and how many changes it lists. */
export interface HomeConfig {
  kind: typeof HOME_KIND;
  path: string;
  title: string;
  menu?: ConsoleMenuEntry;
  /** The kinds counted, in the order shown; a recent change of a kind not here links to the Audit Log. */
  areas: readonly HomeArea[];
  /** Where a change of a kind the home does not count is shown. */
  auditPath: string;
  /** How many of the latest changes are listed. */
  recent: number;
}
