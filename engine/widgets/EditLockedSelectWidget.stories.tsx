import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { autoClosureForm } from '../../screens/auto-closure';
import { FormView } from '../form/FormView';
import { at, tataSteel } from '../stories/fixtures';

/** The stored EPOD rule of Tata Steel, as getAutoClosureById answers it. */
const epodRule = { status: 'ok', result: { status: 1, data: { id: 'acl_tsl_epod', identifier: 'EPOD', active: true, threshold: 5, name: 'EPOD' }, message: '' } };

const meta = {
  title: 'Engine/Widgets/EditLockedSelectWidget',
  component: FormView,
  args: { config: autoClosureForm },
  parameters: {
    route: at('/auto-closure/add', tataSteel),
    path: '/auto-closure/add',
    api: { '/saas/data/autoclosure/getAutoClosureById': epodRule, '/saas/data/autoclosure/getCustomField': { status: 'ok', result: { status: 1, data: [] } } },
  },
} satisfies Meta<typeof FormView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Creating: the auto closure type can be chosen. */
export const Create: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('combobox')).toBeEnabled();
  },
};

/** Editing the EPOD rule: the type is shown but locked, its threshold editable. */
export const Edit: Story = {
  parameters: { route: at('/auto-closure/edit/acl_tsl_epod', tataSteel), path: '/auto-closure/edit/:id' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByDisplayValue('5')).toBeEnabled();
    await expect(canvas.getByRole('combobox')).toBeDisabled();
  },
};
