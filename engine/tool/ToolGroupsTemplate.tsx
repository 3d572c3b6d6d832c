import { Button, Card, Flex } from 'antd';
import type { ObjectFieldTemplateProps, RJSFSchema } from '@rjsf/utils';
import { GridTemplate } from '../form/GridTemplate';
import type { FormContext } from '../widgets/uiOptions';
import type { ToolGroup, ToolValues } from './types';
import '../form/form.css';

/** What the tool page hands its form's root template (through `formContext.toolGroups`). */
export interface ToolGroupsContext {
  groups: readonly ToolGroup[];
  /** A block's reset button was pressed. */
  reset(group: ToolGroup): void;
  /** The buttons wait while a call is out. */
  busy: boolean;
}

/** What a tool page hands its form (`formContext`): the form's, with its blocks when it has any. */
export interface ToolFormContext extends FormContext {
  toolGroups?: ToolGroupsContext;
}

/** Columns of a block: its own, else one per field, from 1 to 3. */
export const groupColumns = (group: ToolGroup) => Math.min(Math.max(group.columns ?? group.fields.length, 1), 3);

/**
 * The root of a tool form with blocks (`ToolConfig.groups`): each block a small card titled by its name (a labelled
 * group, so its fields are found by the block) with its reset button in the header and its fields in a grid; the
 * fields of no block follow in the page's own grid. Other objects (and a form without blocks) use the grid template.
 */
export function ToolGroupsTemplate(props: ObjectFieldTemplateProps<ToolValues, RJSFSchema, ToolFormContext>) {
  const context = props.registry.formContext.toolGroups;
  if (!context || context.groups.length === 0 || props.fieldPathId.path.length > 0) return <GridTemplate {...props} />;
  const byName = new Map(props.properties.filter((p) => !p.hidden).map((p) => [p.name, p]));
  const grouped = new Set(context.groups.flatMap((group) => group.fields));
  const rest = props.properties.filter((p) => !grouped.has(p.name));
  return (
    <Flex vertical gap="middle">
      {context.groups.map((group) => (
        <Card
          key={group.title}
          size="small"
          title={group.title}
          role="group"
          aria-label={group.title}
          // The fields keep room for a message below them (form.css): that room is the card's bottom padding.
          styles={{ body: { paddingBottom: 0 } }}
          extra={
            group.reset && (
              <Button size="small" disabled={context.busy} onClick={() => context.reset(group)}>
                {group.reset}
              </Button>
            )
          }
        >
          <div className="lego-form-grid" style={{ '--lego-form-columns': groupColumns(group) }}>
            {group.fields.map((name) => {
              const field = byName.get(name);
              return field ? (
                <div key={name} className="lego-form-cell">
                  {field.content}
                </div>
              ) : null;
            })}
          </div>
        </Card>
      ))}
      {rest.length > 0 && <GridTemplate {...props} properties={rest} />}
    </Flex>
  );
}
