import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Tooltip, theme } from 'antd';
import type { CSSProperties, MouseEventHandler, ReactNode } from 'react';

/**
 * One entry of a repeatable group (an array item of a form, a filter row, a distance band): a soft bordered card in
 * the theme's tokens, its fields on the left and its icon buttons (`RowIconButton`) at its top right, so every
 * repeatable group of the console looks and is operated the same way.
 */
export function RepeatableRow({
  children,
  buttons,
  testId,
}: {
  children: ReactNode;
  buttons?: ReactNode;
  testId?: string;
}) {
  const { token } = theme.useToken();
  const style: CSSProperties = {
    border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadiusLG,
    background: token.colorFillQuaternary,
    padding: `${token.padding}px ${token.paddingSM}px 0 ${token.padding}px`,
  };
  return (
    <Flex className="lego-repeatable-row" gap="small" align="start" style={style} data-testid={testId}>
      <div style={{ flex: 1, minWidth: 0 }}>{children}</div>
      {buttons && (
        <Flex gap={4} style={{ flex: 'none' }}>
          {buttons}
        </Flex>
      )}
    </Flex>
  );
}

/** Props of an icon button of a repeatable row. */
export interface RowIconButtonProps {
  /** What the button does, e.g. 'Delete filter 2': its accessible name and its tooltip. */
  label: string;
  icon: ReactNode;
  onClick?: MouseEventHandler<HTMLElement>;
  disabled?: boolean;
  danger?: boolean;
  /** rjsf's id and class of the button (`root_tabs_0__remove`, `rjsf-array-item-remove`), kept for tests and styles. */
  id?: string;
  className?: string;
}

/** An icon-only button of a repeatable row, named by `label` (aria-label) and showing it as a tooltip. */
export function RowIconButton({ label, icon, onClick, disabled, danger, id, className }: RowIconButtonProps) {
  return (
    <Tooltip title={label}>
      <Button
        id={id}
        className={className}
        type="text"
        danger={danger}
        icon={icon}
        aria-label={label}
        disabled={disabled}
        onClick={onClick}
      />
    </Tooltip>
  );
}

/**
 * The add button under a repeatable group: dashed, a plus icon, the group's words (e.g. 'Add Distance Band'). A
 * leading '+' of the words (the spec's '+ Add More Filter') is the icon; the icon is hidden from assistive technology,
 * so the button is named by its words alone.
 */
export function AddRowButton({ label, onClick, disabled, id, className }: Omit<RowIconButtonProps, 'icon' | 'danger'>) {
  return (
    <Button
      id={id}
      className={className}
      type="dashed"
      icon={<PlusOutlined aria-hidden />}
      onClick={onClick}
      disabled={disabled}
    >
      {label.replace(/^\+\s*/, '')}
    </Button>
  );
}
