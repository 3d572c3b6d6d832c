import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { at, consoleApi, tataSteel, tataSteelDispatch, vrlLogistics } from '../stories/fixtures';
import { ok } from '../stories/storyApi';
import { FilterBar } from './FilterBar';
import { companyCalls } from '../../schemas/api/company';
import { fixtureKey } from '../../src/stories/storyApi';

const meta = {
  title: 'Shell/FilterBar',
  component: FilterBar,
  parameters: { route: at('/routes', tataSteelDispatch), api: consoleApi, showLocation: true },
} satisfies Meta<typeof FilterBar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing chosen: Branch and Department wait for a company. */
export const NoCompany: Story = { parameters: { route: '/routes' } };

/** Company search answers from 3 typed characters; choosing one writes it into the query string. */
export const SearchCompany: Story = {
  parameters: { route: '/routes' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('combobox', { name: 'Company' }), 'Tata');
    await userEvent.click(await screen.findByText('Tata Steel Limited (CONSIGNOR)', {}, { timeout: 3000 }));
    await waitFor(() => expect(canvas.getByTestId('story-location').textContent).toContain('companyId=1001'));
  },
};

/** A long company name: the box is wide enough for it, and its title gives the full name on hover. */
export const LongCompanyName: Story = {
  parameters: {
    route: at('/routes', {
      companyId: '1002',
      companyName: 'Hindustan Unilever Limited',
      companyType: 'CONSIGNOR',
      combinedName: 'Hindustan Unilever Limited (CONSIGNOR)',
    }),
  },
  play: async ({ canvasElement }) => {
    const shown = within(canvasElement).getByText('Hindustan Unilever Limited (CONSIGNOR)');
    await expect(shown.closest('[title]')?.getAttribute('title')).toBe('Hindustan Unilever Limited (CONSIGNOR)');
  },
};

/** A consignor with branch and department: Tata Steel Limited, Jamshedpur, Dispatch. */
export const ConsignorCompany: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Tata Steel Limited (CONSIGNOR)')).toBeInTheDocument();
    await expect(canvas.queryByRole('combobox', { name: 'Consignor' })).toBeNull();
  },
};

/** A transporter company also picks one of its consignors. */
export const TransporterCompany: Story = {
  parameters: { route: at('/routes', vrlLogistics) },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('combobox', { name: 'Consignor' }));
    await expect(await screen.findByText('Hindustan Unilever Limited')).toBeInTheDocument();
  },
};

/** A transporter without consignors: the bar says so. */
export const TransporterWithoutConsignors: Story = {
  parameters: { route: at('/routes', vrlLogistics), api: { [fixtureKey(companyCalls.partners)]: ok([]) } },
};

/** /configuration-list adds User Id, Group Id (digits only) and the Related Party block. */
export const ConfigurationList: Story = {
  parameters: {
    route: at('/configuration-list', {
      ...tataSteel,
      uID: '4021',
      gID: '17',
      relatedCompanyId: '2001',
      relatedCompanyName: 'VRL Logistics Limited',
      relatedCombinedName: 'VRL Logistics Limited (TRANSPORTER)',
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'User Id' })).toHaveValue('4021');
    await expect(canvas.getByText('Related Party')).toBeInTheDocument();
  },
};

/** On an edit page every filter is read-only. */
export const EditPathDisabled: Story = {
  parameters: { route: at('/routes/rt_tsl_pnq_bom/edit', tataSteelDispatch) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Reset Filter' })).toBeDisabled();
  },
};
