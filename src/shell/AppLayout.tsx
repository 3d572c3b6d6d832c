import { Grid, Layout, message, theme } from 'antd';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Spin } from 'antd';
import { configureHttp } from '../../engine/data/http';
import { bindFeedback } from '../../engine/feedback';
import { STORAGE } from '../../engine/data/session';
import { decode, isPasswordExpired, type LoginClaims } from '../auth/tokens';
import { themeConfig } from '../theme';
import { AppHeader } from './AppHeader';
import { FilterBar } from './FilterBar';
import { useRememberScope } from './rememberedScope';
import { SideMenu } from './SideMenu';

/** The menu's drawer, on a narrow window only. */
const MenuDrawer = lazy(() => import('./MenuDrawer'));

/** The blocking dialog (and antd's Modal) load only for a session whose password has expired. */
const PasswordExpiryDialog = lazy(() =>
  import('../auth/PasswordExpiryDialog').then((m) => ({ default: m.PasswordExpiryDialog })),
);

/**
 * Binds the engine's toasts to antd's message API (every failure message becomes an error toast) and returns
 * the holder to render. Only `message` is used, so antd's App (with Modal and notification) stays out of the bundle.
 */
export function useFeedbackBinding(onUnauthorized: () => void): ReactNode {
  const [toast, holder] = message.useMessage();
  useEffect(() => {
    bindFeedback({
      success: (t) => toast.success(t),
      error: (t, seconds) => toast.error(t, seconds),
      info: (t) => toast.info(t),
      warning: (t) => toast.warning(t),
    });
    configureHttp({
      notify: (texts) => {
        for (const t of texts) toast.error(t);
      },
      unauthorized: onUnauthorized,
    });
  }, [toast, onUnauthorized]);
  return holder;
}

/** The header's height, as the theme sets it: the menu sits right below it. */
const HEADER_HEIGHT = themeConfig.components?.Layout?.headerHeight ?? 64;

/**
 * The shell around every screen: header, left menu, filter bar, and the screen. As in an antd Pro console the header
 * stays at the top and the menu beside the screen, each sticky, while the screen scrolls the page: the menu is its
 * own scroll area of the window's height below the header, so its last entry is reachable on a short window. The
 * page keeps the document's scrolling (keyboard, wheel and anchors work as usual, no extra scroll container to focus).
 */
export function AppLayout() {
  const { token } = theme.useToken();
  useRememberScope();
  // Below antd's lg breakpoint (992 px) the menu is a drawer opened from the header, leaving the screen its width.
  const wide = Grid.useBreakpoint().lg ?? true;
  const [drawer, setDrawer] = useState(false);
  // Wide again, the drawer is gone: it does not open by itself when the window narrows later.
  useEffect(() => {
    if (wide) setDrawer(false);
  }, [wide]);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ paddingInline: wide ? 20 : 12, position: 'sticky', top: 0, zIndex: 10 }}>
        <AppHeader menu={wide ? undefined : { open: drawer, toggle: () => setDrawer(!drawer) }} />
      </Layout.Header>
      <Layout>
        {wide ? (
          <Layout.Sider
            width={220}
            style={{
              background: token.colorBgContainer,
              position: 'sticky',
              top: HEADER_HEIGHT,
              height: `calc(100vh - ${HEADER_HEIGHT}px)`,
            }}
          >
            <div style={{ height: '100%', overflowY: 'auto', overscrollBehavior: 'contain' }}>
              <SideMenu />
            </div>
          </Layout.Sider>
        ) : (
          <Suspense fallback={null}>
            <MenuDrawer open={drawer} onClose={() => setDrawer(false)} />
          </Suspense>
        )}
        <Layout.Content style={{ padding: 16, display: 'flex', flexDirection: 'column', gap: 16 }}>
          <FilterBar />
          <Suspense fallback={<Spin style={{ marginTop: 48 }} />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
      {isPasswordExpired(decode<LoginClaims>(localStorage.getItem(STORAGE.token))?.pwd_exp) && (
        <Suspense fallback={null}>
          <PasswordExpiryDialog />
        </Suspense>
      )}
    </Layout>
  );
}
