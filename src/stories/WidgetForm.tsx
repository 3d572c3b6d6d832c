import Form from '@rjsf/antd';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { Flex, Typography } from 'antd';
import { useState } from 'react';
import { formLabels, formSetup, useFormRegistry } from '../../engine/form/formSetup';
import { FormLayout } from '../../engine/form/FormLayout';
import type { FormConfig } from '../../engine/form/types';

/** Props of the harness: one schema and uiSchema naming the widget or field under test. */
export interface WidgetFormProps {
  schema: object;
  uiSchema?: UiSchema;
  formData?: Record<string, unknown>;
  disabled?: boolean;
}

/**
 * A tiny rjsf form set up as `FormView` sets up its forms (widgets and fields with the app's extensions in force,
 * validator, messages, grid), with a Check button that validates and the form data printed below, so a widget can
 * be seen alone.
 */
export function WidgetForm({ schema, uiSchema, formData, disabled }: WidgetFormProps) {
  const [data, setData] = useState<Record<string, unknown>>(formData ?? {});
  const registry = useFormRegistry();
  return (
    <Flex vertical gap="middle" style={{ maxWidth: 760 }}>
      <FormLayout>
        <Form
          schema={schema as RJSFSchema}
          uiSchema={{ ...uiSchema, 'ui:submitButtonOptions': { submitText: 'Check' } }}
          formData={data}
          onChange={(e) => setData(e.formData as Record<string, unknown>)}
          {...formSetup}
          {...registry}
          formContext={formLabels}
          disabled={disabled}
        />
      </FormLayout>
      <Typography.Text type="secondary">Form data</Typography.Text>
      <pre data-testid="form-data" style={{ margin: 0, fontSize: 12 }}>
        {JSON.stringify(data, null, 2)}
      </pre>
    </Flex>
  );
}

/** The schema and uiSchema of one field of a form's schema and uiSchema, so a widget story shows that field alone. */
export function oneField(
  config: Pick<FormConfig, 'schema' | 'uiSchema'>,
  field: string,
): Pick<WidgetFormProps, 'schema' | 'uiSchema'> {
  const schema = config.schema as {
    properties: Record<string, unknown>;
    required?: readonly string[];
    errorMessage?: { required?: Record<string, string> };
  };
  const required = Boolean(schema.required?.includes(field));
  const message = schema.errorMessage?.required?.[field];
  return {
    schema: {
      type: 'object',
      properties: { [field]: schema.properties[field] },
      required: required ? [field] : [],
      ...(required && message ? { errorMessage: { required: { [field]: message } } } : {}),
    },
    uiSchema: { [field]: config.uiSchema?.[field] },
  };
}
