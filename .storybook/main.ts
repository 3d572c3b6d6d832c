import type { StorybookConfig } from '@storybook/react-vite';

/** Storybook for the console: stories of the engine, the shell and the screens, built with the app's Vite config. */
const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../engine/**/*.stories.tsx', '../src/**/*.stories.tsx', '../screens/**/*.stories.tsx'],
  staticDirs: ['../public'],
  core: { disableTelemetry: true },
  // Stories answer API calls from fixtures, so the dev server's proxy to a running platform API is dropped.
  viteFinal: (vite) => ({ ...vite, server: { ...vite.server, proxy: undefined } }),
};

export default config;
