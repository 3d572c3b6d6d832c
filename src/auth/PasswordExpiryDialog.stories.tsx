import type { Meta, StoryObj } from '@storybook/react-vite';
import { Card, Table } from 'antd';
import { expect, screen } from 'storybook/test';
import { loginToken, routes } from '../stories/fixtures';
import { PasswordExpiryDialog } from './PasswordExpiryDialog';

const meta = {
  title: 'Auth/PasswordExpiryDialog',
  component: PasswordExpiryDialog,
  decorators: [
    (Story) => (
      <>
        <Card title="Routes">
          <Table
            rowKey="id"
            dataSource={routes}
            columns={[
              { title: 'Route Label', dataIndex: 'label' },
              { title: 'Updated By', dataIndex: 'updatedBy' },
            ]}
            pagination={false}
          />
        </Card>
        <Story />
      </>
    ),
  ],
  parameters: { route: '/routes', path: '/routes', storage: { token: loginToken('2025-12-31') } },
} satisfies Meta<typeof PasswordExpiryDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The stored token's pwd_exp has passed: the blocking dialog (Update Password clears the session, keeping the e-mail). */
export const Expired: Story = {
  play: async () => {
    await expect(await screen.findByText('Update Your Password')).toBeInTheDocument();
  },
};

/** The password is valid for years: no dialog over the console. */
export const NotExpired: Story = {
  parameters: { storage: { token: loginToken('2099-12-31') } },
  play: async () => {
    await expect(screen.queryByText('Update Your Password')).toBeNull();
  },
};
