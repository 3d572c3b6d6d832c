import { useEffect, useState } from 'react';

/**
 * Gives focus back to the control that opened a dialog or a drawer when it goes away (issue 10, point 8). antd's
 * Modal and Drawer do so only at the end of their closing animation; ours are unmounted at once on close
 * (`{open && <Dialog />}`), so focus would fall to the page's body and a keyboard user would start over from the top.
 */
export function useReturnFocus(): void {
  // Read while rendering: the dialog's own effects, which move focus into it, run before this component's.
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement && document.activeElement !== document.body
      ? document.activeElement
      : null,
  );
  useEffect(
    () => () => {
      // After this cleanup the dialog's portal removes its nodes; look once they are gone, and leave focus alone
      // if it went somewhere on purpose (a click elsewhere, another page).
      setTimeout(() => {
        const at = document.activeElement;
        if (opener?.isConnected && (!at || at === document.body || !at.isConnected)) opener.focus();
      });
    },
    [opener],
  );
}
