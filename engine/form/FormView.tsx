import { Alert, Button, Card, Flex, Spin } from 'antd';
import { Fragment } from 'react';
import { generateForm } from '@rjsf/antd';
import type { RJSFSchema } from '@rjsf/utils';
import { CompanyGate } from '../views/CompanyGate';
import { checkUiSchema } from '../widgets/registry';
import type { FormContext } from '../widgets/uiOptions';
import { formLabels, formSetup, useFormRegistry } from './formSetup';
import type { FormConfig } from './types';
import { useFormController } from './useFormController';
import { StaleRecordModal } from './StaleRecordModal';
import { FormLayout } from './FormLayout';
import { useFormParts } from './parts';
import { useKeepQuery } from '../useKeepQuery';
import { useEngineExtensions } from '../extensions';

/** The theme's form, typed for a form's data (its values by name) and what it hands its widgets. */
const Form = generateForm<Record<string, unknown>, RJSFSchema, FormContext>();

interface FormViewProps {
  config: FormConfig;
  /** Record to edit without loading it (modal edit from a list). */
  record?: Record<string, unknown>;
  /** Inside a modal or a list: no card, no company gate. */
  embedded?: boolean;
  /** A small inline form (vehicles, materials). */
  compact?: boolean;
  onSaved?: () => void;
}

/**
 * Renders a form config with rjsf and the antd theme in the console's one form layout (`FormLayout`); validation
 * messages come from the schema. A form page (not a modal, not a small inline form) has a Back beside its submit
 * button that returns to its list with the query string (the scope) kept.
 */
export function FormView({ config, record, embedded, compact, onSaved }: FormViewProps) {
  const registry = useFormRegistry();
  checkUiSchema(config.uiSchema, config.title.create, registry);
  const form = useFormController(config, { record, onSaved });
  const { formParts } = useEngineExtensions();
  const parts = useFormParts([...(config.parts ?? []), ...(config.local ? [] : (formParts ?? []))], {
    formData: form.formData,
    ctx: form.ctx,
    editing: form.editing,
    submitting: form.submitting,
    fill: form.merge,
    saveCall: form.saveCall,
    pendingSave: () => form.pendingSave(form.formData),
  });
  const { go } = useKeepQuery();
  const back = embedded || compact ? undefined : form.backTo;
  const body = (
    <Spin spinning={form.loading}>
      <FormLayout>
        <Form
          schema={config.schema}
          uiSchema={{
            'ui:options': { columns: config.columns ?? 1 },
            ...config.uiSchema,
            'ui:submitButtonOptions': { norender: true },
          }}
          formData={form.formData}
          formContext={{ record: form.record, formData: form.formData, ...formLabels }}
          onChange={(e) => form.setFormData(e.formData ?? {})}
          onSubmit={(e) => form.submit(e.formData ?? {})}
          {...formSetup}
          {...registry}
          // Quiet until the first submit; from then on a corrected field loses its message as it is corrected.
          liveValidate={form.tried ? 'onChange' : undefined}
          onError={() => form.setTried(true)}
          extraErrors={form.fieldErrors}
          omitExtraData
          // A local form drops a field's value as soon as a rule hides it: nothing else would reset it (the EPOD page).
          liveOmit={config.local ? 'onChange' : 'onBlur'}
          disabled={form.submitting}
          aria-label={form.title}
        >
          {form.refusal && (
            <Alert type="error" showIcon role="alert" message={form.refusal} style={{ marginBottom: 12 }} />
          )}
          {parts.map(
            (part, i) =>
              part.alert && (
                // biome-ignore lint/suspicious/noArrayIndexKey: a form's parts keep their order
                <Alert key={i} type="error" showIcon role="alert" message={part.alert} style={{ marginBottom: 12 }} />
              ),
          )}
          <Flex gap="small" justify={compact ? 'start' : 'end'}>
            {back && <Button onClick={() => go(back)}>Back</Button>}
            {parts.map((part, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a form's parts keep their order
              <Fragment key={i}>{part.buttons}</Fragment>
            ))}
            {!config.local && !parts.some((part) => part.replacesSubmit) && (
              <Button
                type="primary"
                htmlType="submit"
                loading={form.submitting}
                disabled={parts.some((part) => part.blocksSubmit)}
              >
                {form.submitLabel}
              </Button>
            )}
          </Flex>
        </Form>
      </FormLayout>
      <StaleRecordModal
        message={form.conflict}
        reloading={form.reloading}
        onReload={form.reload}
        onClose={form.dismissConflict}
      />
    </Spin>
  );
  if (embedded) return body;
  return (
    <Card
      title={form.title}
      size={compact ? 'small' : 'medium'}
      style={compact ? { minWidth: 320, flex: 1 } : undefined}
    >
      {compact || form.ready ? (
        body
      ) : (
        <Flex vertical gap="middle">
          <CompanyGate ready={false}>{null}</CompanyGate>
          {!form.editing && body}
        </Flex>
      )}
    </Card>
  );
}
