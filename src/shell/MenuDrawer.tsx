import { Drawer } from 'antd';
import { SideMenu } from './SideMenu';

/**
 * The menu as a drawer from the left, on a window narrower than antd's lg breakpoint (992 px). Loaded only there: a
 * wide window's first bundle carries no drawer.
 */
export default function MenuDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer title="Menu" placement="left" size={280} open={open} onClose={onClose} styles={{ body: { padding: 0 } }}>
      {/* A menu entry chosen (the page's own too) closes the drawer. */}
      <SideMenu onNavigate={onClose} />
    </Drawer>
  );
}
