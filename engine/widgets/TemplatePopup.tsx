import { Flex, Input, Modal, Typography } from 'antd';
import { useId, type ReactNode } from 'react';
import { useReturnFocus } from '../views/useReturnFocus';

/** What the dialog shows: the draft and the refusal of its last Save (see `useTemplatePopup`). */
export interface TemplatePopupProps {
  title: string;
  draft: string;
  error?: string;
  rows: number;
  maxLength?: number;
  /** The placeholder tokens, shown under the text. */
  tokens: ReactNode;
  onEdit(text: string): void;
  onSave(): void;
  onCancel(): void;
}

/**
 * The template text's dialog: the text under its title, the empty message of a refused Save under it, then the
 * clickable placeholder tokens; Save and Cancel. Mounted only while open, so its opener gets focus back.
 */
export function TemplatePopup({
  title,
  draft,
  error,
  rows,
  maxLength,
  tokens,
  onEdit,
  onSave,
  onCancel,
}: TemplatePopupProps) {
  useReturnFocus();
  const errorId = useId();
  return (
    <Modal
      open
      title={title}
      okText="Save"
      cancelText="Cancel"
      onOk={onSave}
      onCancel={onCancel}
      width={640}
      destroyOnHidden
    >
      <Flex vertical gap="small">
        <Input.TextArea
          autoFocus
          aria-label={title}
          value={draft}
          rows={rows}
          maxLength={maxLength}
          status={error ? 'error' : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => onEdit(e.target.value)}
        />
        {error && (
          <Typography.Text id={errorId} type="danger" role="alert">
            {error}
          </Typography.Text>
        )}
        <Typography.Text strong>Click a placeholder to copy it</Typography.Text>
        {tokens}
      </Flex>
    </Modal>
  );
}
