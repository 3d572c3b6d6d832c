import { Button, Descriptions, Modal, Typography } from 'antd';
import { useState } from 'react';
import { callEndpoint } from '../data/endpoint';
import type { ActionQuestion, ConfigContext } from '../types';
import type { FormTool } from './types';

type Data = Record<string, unknown>;

interface FormToolsProps {
  tools: readonly FormTool<Data>[];
  formData: Data;
  ctx: ConfigContext;
  disabled?: boolean;
}

/**
 * The buttons of a form's tools (see `formTools` in `parts.tsx`): each sends the form data as it stands through its call
 * (the server checks it; its refusals are toasted by the HTTP helper) and shows the answer in a dialog, each text
 * as it is (line breaks kept).
 */
export function FormTools({ tools, formData, ctx, disabled }: FormToolsProps) {
  const [busy, setBusy] = useState<string | null>(null);
  const [shown, setShown] = useState<ReturnType<FormTool['show']> | null>(null);
  // A tool that mails or calls out says what it will do and runs only on Yes.
  const [asking, setAsking] = useState<{ tool: FormTool<Data>; question: ActionQuestion } | null>(null);
  const run = async (tool: FormTool<Data>) => {
    setAsking(null);
    setBusy(tool.label);
    const result = await callEndpoint(tool.endpoint, { scope: ctx.scope, ...tool.input(formData, ctx) });
    setBusy(null);
    if (result.ok) setShown(tool.show(result.data));
  };
  const press = (tool: FormTool<Data>) => {
    const question = tool.confirm?.(formData, ctx) ?? null;
    if (question) setAsking({ tool, question });
    else void run(tool);
  };
  return (
    <>
      {tools
        .filter((tool) => !tool.hiddenWhen?.(formData))
        .map((tool) => (
          <Button
            key={tool.label}
            onClick={() => press(tool)}
            loading={busy === tool.label}
            disabled={disabled || (busy !== null && busy !== tool.label)}
          >
            {tool.label}
          </Button>
        ))}
      <Modal
        open={asking !== null}
        title={asking?.question.title}
        okText={asking?.question.okText}
        cancelText="Cancel"
        onOk={() => asking && void run(asking.tool)}
        onCancel={() => setAsking(null)}
        destroyOnHidden
      >
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
          {asking?.question.content}
        </Typography.Paragraph>
      </Modal>
      <Modal
        open={shown !== null}
        title={shown?.title}
        onCancel={() => setShown(null)}
        footer={<Button onClick={() => setShown(null)}>Close</Button>}
        width={640}
      >
        <Descriptions column={1} bordered size="small">
          {shown?.entries.map(([label, text]) => (
            <Descriptions.Item key={label} label={label}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{text}</Typography.Paragraph>
            </Descriptions.Item>
          ))}
        </Descriptions>
      </Modal>
    </>
  );
}
