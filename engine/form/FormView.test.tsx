import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customMaterialSchema } from '../../schemas/material';
import type { FormConfig } from './types';
import { FormView } from './FormView';

/** A report form: a repeatable list of bands and the filter rows, returning to its list after saving. */
const reportForm: FormConfig = {
  kind: 'form',
  path: '/reports/add',
  title: { create: 'Set Report' },
  schema: {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Report Name', maxLength: 50 },
      bands: {
        type: 'array',
        title: 'Distance Bands',
        items: { type: 'object', properties: { km: { type: 'number', title: 'Max Distance (km)' } } },
      },
      filters: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            key: { type: 'string', maxLength: 50 },
            operator: { type: 'string', maxLength: 10 },
            value: { type: 'string', maxLength: 50 },
          },
        },
      },
    },
  },
  uiSchema: {
    bands: { 'ui:options': { orderable: false, copyable: false, addText: 'Add Distance Band' } },
    filters: {
      'ui:field': 'filterRows',
      'ui:options': { fields: { alert_type: 'text' }, operators: { text: ['eq'] }, addLabel: '+ Add More Filter' },
    },
  },
  submit: { create: { method: 'POST', path: '/reports' } },
  messages: { created: 'Report set', createError: 'Error while adding' },
  after: '/reports',
};

let where = '';
/** Records where the router is, to see where Back went. */
function Where() {
  const location = useLocation();
  where = `${location.pathname}${location.search}`;
  return null;
}

/** Renders the form page at `url` in a router and an empty SWR cache. */
function page(config: FormConfig, url: string, props: { embedded?: boolean; compact?: boolean } = {}) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <FormView config={config} {...props} />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
}

afterEach(() => cleanup());

describe('form page', () => {
  it('has a Back that returns to its list with the scope of the query string kept', async () => {
    page(reportForm, '/reports/add?companyId=1001&branchId=3101');
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(where).toBe('/reports?companyId=1001&branchId=3101'));
  });

  it("goes Back to the config's own `back` when it names one", async () => {
    page({ ...reportForm, back: '/report-home' }, '/reports/add?companyId=1001');
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(where).toBe('/report-home?companyId=1001'));
  });

  it('has no Back in a modal', async () => {
    page(reportForm, '/reports?companyId=1001', { embedded: true });
    await screen.findByRole('button', { name: 'Submit' });
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('names the icon buttons of filter rows and list entries, and lays labels out above without colons', async () => {
    const { container } = page(reportForm, '/reports/add?companyId=1001');
    const filters = await screen.findByTestId('filter-row-1');
    expect(within(filters).getByRole('button', { name: 'Delete filter 1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'X' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add Distance Band' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add Distance Band' }));
    expect(await screen.findByRole('button', { name: 'Delete Distance Band 2' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Distance Band 1' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Distance Band 2' })).toBeNull());
    expect(screen.getByRole('group', { name: 'Distance Bands' })).toBeTruthy();
    // The filter rows' own labels, like the theme's, are laid out above their inputs (vertical) and without a colon.
    const filterLabel = within(filters).getByText('Filter 1');
    expect(filterLabel.closest('.ant-form-item')?.classList.contains('ant-form-item-vertical')).toBe(true);
    expect(filterLabel.classList.contains('ant-form-item-no-colon')).toBe(true);
    expect(container.querySelectorAll('.ant-form-item-horizontal')).toHaveLength(0);
  });
});

/** The 'Add Custom Material' form of /materialmaster: a small inline form that clears itself after an add. */
const customMaterial: FormConfig = {
  kind: 'form',
  title: { create: 'Custom material' },
  schema: customMaterialSchema as unknown as FormConfig['schema'],
  submit: { create: { method: 'POST', path: '/materials' } },
  submitLabel: { create: 'Add Custom Material' },
  messages: { created: 'Submitted successfully', createError: 'Error while adding material' },
};

describe('inline form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['after a refused first try', true],
    ['at the first try', false],
  ])('is pristine again after a successful add (%s): cleared, with no required message', async (_name, blankFirst) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ success: true, data: { id: 1 } }), { status: 200 })),
    );
    page(customMaterial, '/materialmaster?companyId=1001', { compact: true });
    const add = await screen.findByRole('button', { name: 'Add Custom Material' });
    const input = screen.getByRole('textbox', { name: /Material/ }) as HTMLInputElement;
    if (blankFirst) {
      fireEvent.click(add);
      expect(await screen.findByText('Please enter material')).toBeTruthy();
    }
    fireEvent.change(input, { target: { value: 'Steel Coils' } });
    await waitFor(() => expect(screen.queryByText('Please enter material')).toBeNull());
    fireEvent.click(add);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await waitFor(() => expect((screen.getByRole('textbox', { name: /Material/ }) as HTMLInputElement).value).toBe(''));
    fireEvent.blur(screen.getByRole('textbox', { name: /Material/ }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Please enter material')).toBeNull();
  });
});

describe('a refusal about one field', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows under that field (messages.fieldOf) until the field changes', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ success: false, data: null, message: ['Material already exists'] }), {
            status: 409,
          }),
      ),
    );
    page(
      { ...customMaterial, messages: { ...customMaterial.messages, fieldOf: { 'Material already exists': 'label' } } },
      '/materialmaster?companyId=1001',
      { compact: true },
    );
    const input = (await screen.findByRole('textbox', { name: /Material/ })) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'Steel Coils' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Custom Material' }));
    const refusal = await screen.findByText('Material already exists');
    expect(refusal.closest('.ant-form-item')).toBe(input.closest('.ant-form-item'));
    fireEvent.change(input, { target: { value: 'Steel Coils 2' } });
    await waitFor(() => expect(screen.queryByText('Material already exists')).toBeNull());
  });
});
