import { fields, widgets } from '../widgets/registry';
import { AddButton } from './AddButton';
import { ArrayItemTemplate } from './ArrayItemTemplate';
import { BaseInputTemplate } from './BaseInputTemplate';
import { GridTemplate } from './GridTemplate';
import { transformErrors } from './transformErrors';
import { validator } from './validator';

/**
 * How every rjsf form of the console is set up, shared by `FormView` and the story harness: the widget registry,
 * the shared validator and its messages, the grid and list templates, the non-clamping number input, worded add
 * buttons, and no HTML5 validation or error list (messages show under their fields).
 */
export const formSetup = {
  validator,
  transformErrors,
  widgets,
  fields,
  templates: { ObjectFieldTemplate: GridTemplate, ArrayFieldItemTemplate: ArrayItemTemplate, BaseInputTemplate, ButtonTemplates: { AddButton } },
  showErrorList: false as const,
  noHtml5Validate: true,
};

/** Labels and list titles read left to right, without the theme's trailing colon. */
export const formLabels = { labelAlign: 'left', colon: false } as const;
