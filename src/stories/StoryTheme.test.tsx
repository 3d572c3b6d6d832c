import { act, cleanup, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useColorScheme } from '../colorScheme';
import { StoryTheme } from './StoryTheme';

/** What a story inside the theme sees: the console's scheme (as the header's switch reads it) and antd's ground. */
function Probe() {
  const [scheme] = useColorScheme();
  const { token } = theme.useToken();
  return <output data-testid="probe">{`${scheme} ${token.colorBgContainer} ${token.motion}`}</output>;
}

/**
 * The page's `prefers-color-scheme` and `prefers-reduced-motion`, as Chromium's emulation sets them; `emulate` again
 * tells the listeners, as a media change does.
 */
const listeners = new Set<() => void>();
function emulate({ dark = false, still = false }) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('dark') ? dark : query.includes('reduce') ? still : false,
    media: query,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }));
  act(() => {
    for (const listener of listeners) listener();
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  listeners.clear();
  localStorage.clear();
  delete document.body.dataset.colorScheme;
});

describe("Storybook's theme around a story (the toolbar's light/dark)", () => {
  it("makes the toolbar's scheme the console's own pick, and paints the canvas in it", async () => {
    emulate({});
    const { rerender } = render(
      <StoryTheme scheme="dark" inDocs={false}>
        <Probe />
      </StoryTheme>,
    );
    await screen.findByText(/^dark /);
    expect(localStorage.getItem('colorScheme')).toBe('dark');
    expect(document.body.dataset.colorScheme).toBe('dark');
    expect(screen.getByTestId('probe').textContent).not.toContain('#ffffff');
    // Back to light on a light system: the console follows the system again (no pick kept).
    rerender(
      <StoryTheme scheme="light" inDocs={false}>
        <Probe />
      </StoryTheme>,
    );
    await screen.findByText(/^light #ffffff/);
    expect(localStorage.getItem('colorScheme')).toBeNull();
    expect(document.body.dataset.colorScheme).toBe('light');
  });

  it("keeps the toolbar's light on a dark system: light becomes the console's pick", async () => {
    emulate({ dark: true });
    render(
      <StoryTheme scheme="light" inDocs={false}>
        <Probe />
      </StoryTheme>,
    );
    await screen.findByText(/^light #ffffff/);
    expect(localStorage.getItem('colorScheme')).toBe('light');
  });

  it("follows the system's scheme turning dark while the toolbar stays on light, as the stories' run checks dark", async () => {
    emulate({});
    render(
      <StoryTheme scheme="light" inDocs={false}>
        <Probe />
      </StoryTheme>,
    );
    await screen.findByText(/^light #ffffff/);
    emulate({ dark: true });
    await screen.findByText(/^dark /);
    expect(document.body.dataset.colorScheme).toBe('dark');
    emulate({});
    await screen.findByText(/^light #ffffff/);
    expect(document.body.dataset.colorScheme).toBe('light');
  });

  it("turns antd's animations off when the system asks for reduced motion, as the app does", async () => {
    emulate({ still: true });
    render(
      <StoryTheme scheme="light" inDocs={false}>
        <Probe />
      </StoryTheme>,
    );
    await screen.findByText(/ false$/);
  });

  it('puts a docs page story in a box of its own colours, leaving the page as it is', async () => {
    emulate({});
    render(
      <StoryTheme scheme="dark" inDocs>
        <Probe />
      </StoryTheme>,
    );
    const probe = await screen.findByText(/^dark /);
    expect(document.body.dataset.colorScheme).toBeUndefined();
    await act(async () => undefined);
    expect(probe.parentElement?.style.background).not.toBe('');
  });
});
