import { screenRegistry, type ScreenModule } from '../engine/registry/screenRegistry';
import type { ConsoleScreenMeta } from './define';

/**
 * Every screen of the console, found by file name: each `x.meta.ts` here registers the configs of `x.ts` with their
 * path, title and menu entry (`defineScreens`), naming `x.ts` by type only. Only these small modules are in the first bundle; the router and the
 * left menu are built from them, and each config, with its schemas, loads when its page is opened.
 */
export const screens = screenRegistry(
  import.meta.glob<ScreenModule<ConsoleScreenMeta>>('./*.meta.ts', { eager: true, import: 'default' }),
  import.meta.glob(['./*.ts', '!./*.meta.ts', '!./*.test.ts', '!./index.ts', '!./define.ts', '!./endpoints.ts']),
);
