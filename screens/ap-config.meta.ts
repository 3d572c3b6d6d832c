import { defineScreens } from '../engine/registry/screenRegistry';
import { apConfigs } from '../schemas/resources/ap-configs';
import { formScreen } from './define';
import { resourceScreens } from './resources.meta';

const derived = resourceScreens(apConfigs);

/** /ap-configuration, in the menu under Settings, as the declaration says. */
export const apConfigList = derived.list;
/** The form's titles in the spec's words. */
export const apConfigForm = formScreen({
  ...derived.form,
  title: { create: 'Create AP Config', edit: 'Update AP Config' },
});

/** The AP config list and form (spec 002 section 2.6); their configs (`ap-config.ts`) load with their pages. */
export default defineScreens<typeof import('./ap-config')>({ apConfigList, apConfigForm });
