import { cleanup } from '@testing-library/react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { afterEach, describe, it } from 'vitest';
import * as preview from '../../.storybook/preview';

/**
 * Stories are fixtures (STYLE.md point 7): every story of the engine, the shell and the screens is rendered
 * with the console's providers and its play function run, so a story that no longer renders fails the suite.
 */
setProjectAnnotations(preview);
afterEach(() => cleanup());

const modules = import.meta.glob<Record<string, unknown>>(['../../engine/**/*.stories.tsx', '../../src/**/*.stories.tsx', '../../screens/**/*.stories.tsx'], { eager: true });

describe.each(Object.entries(modules).map(([file, module]) => [file.replace('../../', ''), module] as const))('%s', (_file, module) => {
  it.each(Object.entries(composeStories(module as never)))('%s', async (_name, story) => {
    await (story as { run: () => Promise<void> }).run();
  });
});
