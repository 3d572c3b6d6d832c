import { CopyOutlined } from '@ant-design/icons';
import { Button, Card, Collapse, Empty, Flex, Pagination, Spin, Typography } from 'antd';
import { generateForm } from '@rjsf/antd';
import type RjsfForm from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import { Suspense, useRef, useState } from 'react';
import { feedback } from '../feedback';
import { FormLayout } from '../form/FormLayout';
import { formLabels, formSetup, useFormRegistry } from '../form/formSetup';
import { CompanyGate } from '../views/CompanyGate';
import { checkUiSchema } from '../widgets/registry';
import { ToolGroupsTemplate, type ToolFormContext, type ToolGroupsContext } from './ToolGroupsTemplate';
import type { ToolConfig, ToolGroup, ToolValues } from './types';
import { useToolController } from './useToolController';

/** The theme's form, typed for a tool page's values and what it hands its widgets and its blocks' template. */
const Form = generateForm<ToolValues, RJSFSchema, ToolFormContext>();

/** The result box's text: the value as indented JSON (a text as it is), or null when it cannot be written. */
function jsonText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2) ?? null;
  } catch {
    return null;
  }
}

/**
 * Renders a tool config: its form (rjsf, the console's form layout; its blocks, if any, as titled cards with their own
 * reset), a row of action buttons (each checks the form and makes its call; all wait while one is out), an optional
 * reset, and the result box with its copy button. Widgets find the form's values in `formContext.formData` (a remote
 * select's `queryFrom`).
 */
export function ToolView({ config }: { config: ToolConfig }) {
  const registry = useFormRegistry();
  checkUiSchema(config.uiSchema, config.title, registry);
  const tool = useToolController(config);
  const form = useRef<RjsfForm<ToolValues, RJSFSchema, ToolFormContext>>(null);
  const [tried, setTried] = useState(false);
  tool.validate.current = () => {
    setTried(true);
    return form.current?.validateForm() ?? true;
  };
  const result = config.result;
  const toolGroups: ToolGroupsContext | undefined = config.groups?.length
    ? { groups: config.groups, busy: tool.busy !== null, reset: (group: ToolGroup) => tool.resetFields(group.fields) }
    : undefined;
  const text = tool.shown === null ? null : jsonText(tool.shown.value);
  // An answer the page draws: its JSON folded under 'Raw data', made readable; Copy copies `text`, as it came.
  const raw = tool.shown && result?.raw?.actions.includes(tool.shown.action) ? result.raw : null;
  const shownText = raw?.readable && tool.shown ? jsonText(raw.readable(tool.shown.value)) : text;
  const ResultView = config.resultView;
  /** The answer's JSON in a box that scrolls. */
  const resultBox = (shown: string | null) => (
    // biome-ignore lint/a11y/useSemanticElements: a pre for the answer's layout, named as the region a keyboard scrolls
    <pre
      data-testid="tool-result"
      role="region"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the box scrolls: it takes focus so that a keyboard scrolls it too
      tabIndex={0}
      aria-label="Result"
      style={{
        maxHeight: result?.maxHeight ?? 350,
        overflow: 'auto',
        margin: 0,
        fontSize: 12,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
      }}
    >
      {shown ?? result?.stringifyFailed}
    </pre>
  );

  const copy = async () => {
    if (!result) return;
    if (text === null) {
      feedback.error(result.stringifyFailed);
      return;
    }
    try {
      await navigator.clipboard.writeText(text);
      feedback.success(result.copied);
    } catch {
      feedback.error(result.copyFailed);
    }
  };

  return (
    <Card title={config.title}>
      <CompanyGate ready={tool.ready}>
        <Flex vertical gap="middle">
          <FormLayout>
            <Form
              ref={form}
              schema={config.schema}
              uiSchema={{
                'ui:options': { columns: config.columns ?? 3 },
                ...config.uiSchema,
                'ui:submitButtonOptions': { norender: true },
              }}
              formData={tool.values}
              formContext={{ ...formLabels, formData: tool.values, toolGroups }}
              onChange={(e) => tool.change(e.formData ?? {})}
              {...formSetup}
              templates={
                toolGroups ? { ...formSetup.templates, ObjectFieldTemplate: ToolGroupsTemplate } : formSetup.templates
              }
              {...registry}
              liveValidate={tried ? 'onChange' : undefined}
              showErrorList={false}
              // The messages show under their fields; without a handler rjsf logs every failed check to the console.
              onError={() => undefined}
              disabled={tool.busy !== null}
              aria-label={config.title}
            >
              <Flex gap="small" wrap>
                {config.actions.map((action) => (
                  <Button
                    key={action.label}
                    type={action.primary ? 'primary' : 'default'}
                    loading={tool.busy === action.label}
                    disabled={
                      (tool.busy !== null && tool.busy !== action.label) ||
                      Boolean(action.disabled?.(tool.values, tool.ctx))
                    }
                    onClick={() => void tool.run(action)}
                  >
                    {action.label}
                  </Button>
                ))}
                {config.reset && (
                  <Button
                    disabled={tool.busy !== null}
                    onClick={() => {
                      setTried(false);
                      tool.reset();
                    }}
                  >
                    {config.reset}
                  </Button>
                )}
              </Flex>
            </Form>
          </FormLayout>
          {ResultView && tool.shown && (
            <Suspense fallback={<Spin />}>
              <ResultView
                value={tool.shown.value}
                action={tool.shown.action}
                values={tool.shown.values}
                ctx={tool.shown.ctx}
              />
            </Suspense>
          )}
          {result && !(result.hiddenUntilShown && tool.shown === null) && (
            <Card
              size="small"
              title="Result"
              extra={
                <Button
                  size="small"
                  icon={<CopyOutlined aria-hidden />}
                  disabled={tool.shown === null}
                  onClick={() => void copy()}
                >
                  {result.copy}
                </Button>
              }
            >
              {tool.shown === null ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={result.empty ?? 'Nothing to show yet'} />
              ) : (
                <Flex vertical gap="small">
                  {tool.shown.caption && (
                    <Typography.Text data-testid="tool-caption" strong>
                      {tool.shown.caption}
                    </Typography.Text>
                  )}
                  {raw ? (
                    <Collapse
                      size="small"
                      items={[{ key: 'raw', label: 'Raw data', children: resultBox(shownText) }]}
                    />
                  ) : (
                    resultBox(shownText)
                  )}
                  {tool.shown.paged && (
                    <Pagination
                      align="end"
                      size="small"
                      current={tool.shown.paged.page}
                      pageSize={tool.shown.paged.size}
                      total={tool.shown.paged.total}
                      showSizeChanger={false}
                      showTotal={(total) => `${total} in all`}
                      disabled={tool.busy !== null}
                      onChange={(page) => {
                        const paged = tool.shown?.paged;
                        if (paged) void tool.run(paged.action, page);
                      }}
                    />
                  )}
                </Flex>
              )}
            </Card>
          )}
        </Flex>
      </CompanyGate>
    </Card>
  );
}
