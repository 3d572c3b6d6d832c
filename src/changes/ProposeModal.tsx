import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { callEndpoint, endpoint } from '../../engine/data/endpoint';
import { feedback } from '../../engine/feedback';
import type { Scope } from '../../engine/scope/scope';
import { useScope } from '../../engine/scope/useScope';
import { proposalCalls } from '../../schemas/api/proposals';
import { PROPOSAL_MSG, type ProposalItem } from '../../schemas/proposal';
import { refreshProposals } from './refresh';

const proposeCall = endpoint(proposalCalls.propose);

interface ProposeModalProps {
  /** The writes proposed, as the proposal holds them. */
  items: ProposalItem[];
  /** The title offered ('Long stoppage thresholds'), which the desk may change. */
  title: string;
  /** What the proposal changes, in a line above the fields. */
  summary: string;
  /** The company (and branch) the proposal changes, where not the filter bar's (a copy's target). */
  scope?: Scope;
  onClose(proposed: boolean): void;
}

/**
 * 'Propose change' (issue 39): the change stored for review with a title and a comment, nothing applied; another desk
 * approves or rejects it on 'Changes', where it is applied now or at a chosen time.
 */
export function ProposeModal({ items, title, summary, scope: target, onClose }: ProposeModalProps) {
  const [current] = useScope();
  const scope = target ?? current;
  const [form] = Form.useForm<{ title: string; comment?: string }>();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function propose() {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    const result = await callEndpoint(
      proposeCall,
      { scope, body: { title: values.title, comment: values.comment ?? '', items } },
      { quiet: true },
    );
    setBusy(false);
    if (!result.ok) {
      setRefusal(result.messages.join(' ') || 'The change could not be proposed');
      return;
    }
    feedback.success(`${PROPOSAL_MSG.proposed}: another desk reviews it on 'Changes'`);
    // The Changes list and its badge read again.
    void refreshProposals();
    onClose(true);
  }

  return (
    <Modal
      open
      title="Propose change"
      okText="Propose change"
      okButtonProps={{ loading: busy }}
      onOk={() => void propose()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {summary} Nothing is applied now: another desk reviews it on <Typography.Text strong>Changes</Typography.Text>,
        then it is applied at once or at a time you choose.
      </Typography.Paragraph>
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" initialValues={{ title }} requiredMark>
        <Form.Item
          name="title"
          label="Title"
          rules={[
            { required: true, whitespace: true, message: PROPOSAL_MSG.title },
            { max: 120, message: PROPOSAL_MSG.title },
          ]}
        >
          <Input maxLength={120} showCount />
        </Form.Item>
        <Form.Item
          name="comment"
          label="Comment for the reviewer"
          rules={[{ max: 2000, message: PROPOSAL_MSG.comment }]}
        >
          <Input.TextArea rows={3} maxLength={2000} showCount placeholder="Why, and from when" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
