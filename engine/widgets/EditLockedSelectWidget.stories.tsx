import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { autoClosureFormSchema } from '../../schemas/auto-closure';
import { FormView } from '../form/FormView';
import type { FormConfig } from '../form/types';
import { at, tataSteel } from '../../src/stories/fixtures';
import { autoClosureCalls, dataCalls } from '../../schemas/api/data';
import { endpoint } from '../data/endpoint';
import { fixtureKey } from '../../src/stories/storyApi';

/** The stored EPOD rule of Tata Steel, as getAutoClosureById answers it. */
const epodRule = {
  status: 'ok',
  result: {
    status: 1,
    data: { id: 'acl_tsl_epod', identifier: 'EPOD', active: true, threshold: 5, name: 'EPOD' },
    message: '',
  },
};

/** An auto closure rule: its type decides the other fields, and is locked once the rule exists. */
const ruleForm: FormConfig = {
  kind: 'form',
  path: '/auto-closure/add',
  editPath: '/auto-closure/edit/:id',
  title: { create: 'Create Auto Closure Config', edit: 'Update Auto Closure Config' },
  schema: autoClosureFormSchema,
  uiSchema: {
    'ui:order': ['autoClosureType', '*'],
    autoClosureType: { 'ui:widget': 'editLockedSelect', 'ui:placeholder': 'Select auto closure type' },
  },
  load: {
    endpoint: endpoint(autoClosureCalls.byId),
    input: ({ scope, params }) => ({ scope, query: { id: params.id } }),
    error: 'Error while fetching data',
  },
  // The stored rule's type and threshold are all this story's form shows.
  toForm: (rule) => ({ autoClosureType: rule.identifier, threshold: rule.threshold }),
  submit: { create: endpoint(autoClosureCalls.save) },
  messages: { created: 'Saved', createError: 'Not saved' },
};

const meta = {
  title: 'Engine/Widgets/EditLockedSelectWidget',
  component: FormView,
  args: { config: ruleForm },
  parameters: {
    docs: {
      description: {
        component:
          "The select of a choice that decides a form's shape and cannot change once saved (the auto closure type): enabled on create, disabled while editing. In a config: `'ui:widget': 'editLockedSelect'`. Shown here inside the auto closure form, since it reads the record `FormView` is editing.",
      },
    },
    route: at('/auto-closure/add', tataSteel),
    path: '/auto-closure/add',
    api: {
      [fixtureKey(autoClosureCalls.byId)]: epodRule,
      [fixtureKey(dataCalls.customFields)]: { status: 'ok', result: { status: 1, data: [] } },
    },
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
