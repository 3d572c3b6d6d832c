import { App as AntApp, Layout, theme } from 'antd';
import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { Spin } from 'antd';
import { configureHttp } from '../../engine/data/http';
import { bindFeedback } from '../../engine/feedback';
import { PasswordExpiryDialog } from '../auth/PasswordExpiryDialog';
import { AppHeader } from './AppHeader';
import { FilterBar } from './FilterBar';
import { SideMenu } from './SideMenu';

/** Binds the engine's toasts to antd's App context: every failure message becomes an error toast. */
export function useFeedbackBinding(onUnauthorized: () => void): void {
  const { message } = AntApp.useApp();
  useEffect(() => {
    bindFeedback({ success: (t) => message.success(t), error: (t) => message.error(t), info: (t) => message.info(t) });
    configureHttp({ notify: (texts) => texts.forEach((t) => message.error(t)), unauthorized: onUnauthorized });
  }, [message, onUnauthorized]);
}

/** The shell around every screen: header, left menu, filter bar, and the screen. */
export function AppLayout() {
  const { token } = theme.useToken();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ paddingInline: 20 }}>
        <AppHeader />
      </Layout.Header>
      <Layout>
        <Layout.Sider width={220} breakpoint="lg" collapsedWidth={0} style={{ background: token.colorBgContainer }}>
          <SideMenu />
        </Layout.Sider>
        <Layout.Content style={{ padding: 16, display: 'flex', flexDirection: 'column', gap: 16 }}>
          <FilterBar />
          <Suspense fallback={<Spin style={{ marginTop: 48 }} />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
      <PasswordExpiryDialog />
    </Layout>
  );
}
