import { Popconfirm, type PopconfirmProps } from 'antd';
import { useRef } from 'react';

/**
 * antd's Popconfirm made usable by keyboard (issue 10, point 8). antd leaves focus on the control that opened it,
 * and the popup sits at the end of the page, so Tab never reaches Yes or No. This one opens with focus on No (the
 * safe answer; Tab goes on to Yes) and, when it closes by Escape or by an answer, gives focus back to that control.
 */
export function ConfirmPopover({ onOpenChange, cancelButtonProps, ...props }: PopconfirmProps) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Popconfirm
      // Made anew on each opening: `autoFocus` acts when the button mounts.
      destroyOnHidden
      cancelButtonProps={{ autoFocus: true, ...cancelButtonProps }}
      onOpenChange={(open) => {
        const at = document.activeElement;
        if (open) opener.current = at instanceof HTMLElement ? at : null;
        else if (!at || at === document.body || at.closest('.ant-popconfirm')) opener.current?.focus();
        onOpenChange?.(open);
      }}
      {...props}
    />
  );
}
