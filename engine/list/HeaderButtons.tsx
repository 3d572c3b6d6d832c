import { Button, Space } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useKeepQuery } from '../useKeepQuery';
import { feedback } from '../feedback';
import type { HeaderButton } from './types';

/** The drawer and the form modal load only when a header button opens one. */
const RowsDrawer = lazy(() => import('./RowsDrawer').then((m) => ({ default: m.RowsDrawer })));
const EditModal = lazy(() => import('./EditModal').then((m) => ({ default: m.EditModal })));

/**
 * The buttons in a list's header: links to other screens, modals with a create form (a save reads every list again),
 * or drawers listing rows.
 */
export function HeaderButtons({ buttons, disabled }: { buttons: HeaderButton[]; disabled: boolean }) {
  const { go } = useKeepQuery();
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const close = () => setOpenIndex(null);
  return (
    <Space wrap>
      {buttons.map((button, index) =>
        'to' in button ? (
          <Button
            key={button.label}
            type={button.primary ? 'primary' : 'default'}
            disabled={disabled && !button.companyMessage}
            onClick={() => (disabled && button.companyMessage ? feedback.error(button.companyMessage) : go(button.to))}
          >
            {button.label}
          </Button>
        ) : (
          <span key={button.label}>
            <Button
              type={'modal' in button && button.primary ? 'primary' : 'default'}
              disabled={disabled}
              onClick={() => setOpenIndex(index)}
            >
              {button.label}
            </Button>
            {openIndex === index && (
              <Suspense fallback={null}>
                {'modal' in button ? (
                  <EditModal config={button.modal} onClose={close} onSaved={close} />
                ) : (
                  <RowsDrawer spec={button.drawer} open onClose={close} />
                )}
              </Suspense>
            )}
          </span>
        ),
      )}
    </Space>
  );
}
