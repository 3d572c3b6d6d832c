import { useMemo } from 'react';
import { useEngineExtensions } from '../extensions';
import { formRegistry, type FormRegistry } from '../widgets/registry';
import { AddButton } from './AddButton';
import { ArrayFieldTemplate } from './ArrayFieldTemplate';
import { ArrayItemTemplate } from './ArrayItemTemplate';
import { BaseInputTemplate } from './BaseInputTemplate';
import { GridTemplate } from './GridTemplate';
import { transformErrors } from './transformErrors';
import { validator } from './validator';

/**
 * How every rjsf form of the console is set up, shared by `FormView` and the story harness (both add the widgets
 * and fields of `useFormRegistry`, inside `FormLayout`): the shared validator and its messages, the grid and list
 * templates (entries as soft cards with named icon buttons), the non-clamping number input, worded add buttons, and
 * no HTML5 validation or error list (messages show under their fields).
 */
export const formSetup = {
  validator,
  transformErrors,
  templates: {
    ObjectFieldTemplate: GridTemplate,
    ArrayFieldTemplate,
    ArrayFieldItemTemplate: ArrayItemTemplate,
    BaseInputTemplate,
    ButtonTemplates: { AddButton },
  },
  showErrorList: false as const,
  noHtml5Validate: true,
};

/** Labels and list titles read left to right, without the theme's trailing colon. */
export const formLabels = { labelAlign: 'left', colon: false } as const;

/** The widgets and fields forms can name: the engine's, with the app's (`EngineExtensionsProvider`) merged over them. */
export function useFormRegistry(): FormRegistry {
  const { widgets, fields } = useEngineExtensions();
  return useMemo(() => formRegistry({ widgets, fields }), [widgets, fields]);
}
