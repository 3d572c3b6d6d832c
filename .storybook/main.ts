import type { StorybookConfig } from '@storybook/react-vite';

/**
 * Storybook for the console: stories of the engine, the shell and the screens, built with the app's Vite config, with
 * a docs page per story file and the Introduction (src/stories/Introduction.mdx), the accessibility panel, and the
 * light/dark switch in the toolbar beside Storybook's own width presets (.storybook/preview.tsx).
 */
const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: [
    '../src/stories/Introduction.mdx',
    '../engine/**/*.stories.tsx',
    '../src/**/*.stories.tsx',
    '../screens/**/*.stories.tsx',
  ],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-themes'],
  staticDirs: ['../public'],
  core: { disableTelemetry: true },
  // Stories answer API calls from fixtures, so the dev server's proxy to a running platform API is dropped.
  viteFinal: (vite) => ({ ...vite, server: { ...vite.server, proxy: undefined } }),
};

export default config;
