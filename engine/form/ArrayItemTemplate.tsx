import { Templates } from '@rjsf/antd';
import { getUiOptions, type ArrayFieldItemTemplateProps, type IconButtonProps } from '@rjsf/utils';

const Base = Templates.ArrayFieldItemTemplate!;
const ThemeRemove = Templates.ButtonTemplates!.RemoveButton!;

/** The theme's remove (X) button, always disabled. */
function DisabledRemoveButton(props: IconButtonProps) {
  return <ThemeRemove {...props} disabled />;
}

/**
 * The theme's array item, except that with `ui:options.keepLast` on the array the X of the only remaining
 * entry is disabled (rjsf itself lets the last entry go even under minItems).
 */
export function ArrayItemTemplate(props: ArrayFieldItemTemplateProps) {
  const keepLast = Boolean(getUiOptions(props.parentUiSchema).keepLast) && props.totalItems <= 1;
  if (!keepLast) return <Base {...props} />;
  const registry = {
    ...props.registry,
    templates: { ...props.registry.templates, ButtonTemplates: { ...props.registry.templates.ButtonTemplates, RemoveButton: DisabledRemoveButton } },
  };
  return <Base {...props} buttonsProps={{ ...props.buttonsProps, registry }} />;
}
