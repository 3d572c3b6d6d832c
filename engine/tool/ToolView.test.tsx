import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToolView } from './ToolView';
import type { ToolConfig } from './types';

/** A tool with one required field: its action checks the form before it calls. */
const tool: ToolConfig = {
  kind: 'tool',
  path: '/utilities/ping',
  title: 'Ping',
  schema: { type: 'object', required: ['vehicle'], properties: { vehicle: { type: 'string', title: 'Vehicle' } } },
  uiSchema: { vehicle: { 'ui:options': { messages: { required: 'Please enter vehicle' } } } },
  actions: [
    {
      label: 'Send',
      primary: true,
      endpoint: { method: 'POST', path: '/ping' },
      input: () => ({}),
      done: () => ({}),
      failed: () => 'failed',
    },
  ],
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ToolView', () => {
  it('a check that fails shows its messages under the fields and logs nothing to the console', async () => {
    const logged = vi.spyOn(console, 'error');
    const input = vi.fn();
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <MemoryRouter initialEntries={['/utilities/ping']}>
          <ToolView config={{ ...tool, actions: [{ ...tool.actions[0]!, input }] }} />
        </MemoryRouter>
      </SWRConfig>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/required|Please enter vehicle/i)).toBeTruthy();
    expect(input).not.toHaveBeenCalled();
    expect(logged.mock.calls.filter((call) => String(call[0]).includes('Form validation failed'))).toEqual([]);
  });
});
