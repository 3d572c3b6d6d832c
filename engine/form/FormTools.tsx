import { Button, Descriptions, Modal, Typography } from 'antd';
import { useState } from 'react';
import { callEndpoint } from '../data/endpoint';
import type { ConfigContext } from '../types';
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
  const run = async (tool: FormTool<Data>) => {
    setBusy(tool.label);
    const result = await callEndpoint(tool.endpoint, { scope: ctx.scope, ...tool.input(formData, ctx) });
    setBusy(null);
    if (result.ok) setShown(tool.show(result.data));
  };
  return (
    <>
      {tools.map((tool) => (
        <Button
          key={tool.label}
          onClick={() => void run(tool)}
          loading={busy === tool.label}
          disabled={disabled || (busy !== null && busy !== tool.label)}
        >
          {tool.label}
        </Button>
      ))}
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
