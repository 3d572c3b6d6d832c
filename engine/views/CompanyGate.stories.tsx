import type { Meta, StoryObj } from '@storybook/react-vite';
import { Table } from 'antd';
import { expect, within } from 'storybook/test';
import { routes } from '../../src/stories/fixtures';
import { CompanyGate } from './CompanyGate';

const meta = {
  title: 'Engine/Views/CompanyGate',
  component: CompanyGate,
  parameters: {
    docs: {
      description: {
        component:
          "Wraps a screen that needs a company: shows 'Select a company to continue' until one is chosen in the filter bar, then what else the screen `needs` of the scope. The list and form views put it around themselves: a list unless its config says `requiresCompany: false`, and `scopeNeeds` says what else it waits for.",
      },
    },
  },
  args: {
    ready: false,
    children: (
      <Table
        rowKey="id"
        dataSource={routes}
        columns={[
          { title: 'Route Label', dataIndex: 'label' },
          { title: 'Route Code', dataIndex: 'code' },
        ]}
        pagination={false}
      />
    ),
  },
} satisfies Meta<typeof CompanyGate>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No company chosen yet. */
export const NoCompany: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Select a company to continue')).toBeInTheDocument();
  },
};

/** A company is chosen: the screen shows. */
export const CompanySelected: Story = { args: { ready: true } };
