import { cleanup } from '@testing-library/react';
import { composeStories, composeStory, setProjectAnnotations } from '@storybook/react-vite';
import { configure } from 'storybook/test';
import { createElement } from 'react';
import { afterAll, afterEach, describe, it } from 'vitest';
import * as preview from '../../.storybook/preview';

/**
 * Stories are fixtures (STYLE.md point 7): every story of the engine, the shell and the screens is rendered
 * with the console's providers and its play function run, so a story that no longer renders fails the suite.
 */
setProjectAnnotations(preview);
afterEach(() => cleanup());
// Storybook unmounts a story when the next one runs, so the file's last story would stay mounted: its late answers
// (a map's base map, a fetch) would then render after the test environment is gone. An empty story unmounts it.
afterAll(async () => {
  await (composeStory({ render: () => createElement('span') }, { title: 'Teardown' }) as unknown as { run: () => Promise<void> }).run();
});

// Play functions wait for what they look for (findBy…, waitFor), not for a time: on a machine whose cores are busy a
// lazy screen may take seconds to load, so those waits may last up to 25 s before a story fails.
const WAIT_MS = 25_000;
configure({ asyncUtilTimeout: WAIT_MS });

const modules = import.meta.glob<Record<string, unknown>>(['../../engine/**/*.stories.tsx', '../../src/**/*.stories.tsx', '../../screens/**/*.stories.tsx'], { eager: true });

describe.each(Object.entries(modules).map(([file, module]) => [file.replace('../../', ''), module] as const))('%s', (_file, module) => {
  it.each(Object.entries(composeStories(module as never)))('%s', async (_name, story) => {
    await (story as { run: () => Promise<void> }).run();
  }, WAIT_MS * 2);
});
