import { LogoutOutlined, MenuOutlined, MoonOutlined, SunOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Flex, Space, Tag, theme } from 'antd';
import { STORAGE } from '../../engine/data/session';
import { logout } from '../auth/logout';
import { APP_VERSION } from '../version';
import { useColorScheme } from '../colorScheme';
import { TimeZonePicker } from './TimeZonePicker';

/**
 * Header: on a narrow window the menu's button, then logo, title, version badge, the user's name, the time zone times
 * are shown in, the dark mode switch and Logout (revokes the desk token, clears local storage, goes to /).
 */
export function AppHeader({ menu }: { menu?: { open: boolean; toggle: () => void } }) {
  const { token } = theme.useToken();
  const user = JSON.parse(localStorage.getItem(STORAGE.user) ?? 'null') as { name?: string } | null;
  const [scheme, pickScheme] = useColorScheme();
  const dark = scheme === 'dark';
  return (
    <Flex align="center" justify="space-between" style={{ height: '100%' }}>
      <Space size="middle" align="center">
        {menu && (
          <Button
            type="text"
            icon={<MenuOutlined />}
            aria-label="Menu"
            aria-expanded={menu.open}
            style={{ color: token.colorTextLightSolid }}
            onClick={menu.toggle}
          />
        )}
        <img src="/logo.svg" alt="Lego logo" width={32} height={32} />
        <h1
          style={{ margin: 0, fontSize: 18, fontWeight: 600, whiteSpace: 'nowrap', color: token.colorTextLightSolid }}
        >
          Lego Configuration Console
        </h1>
        <Tag color="gold" style={dark ? undefined : { color: '#874d00' }} data-testid="version">
          {APP_VERSION}
        </Tag>
      </Space>
      <Space size="middle">
        {/* On a narrow window (the menu behind its button) the name is the icon's title, so the header keeps one line. */}
        <span
          style={{ color: token.colorTextLightSolid, whiteSpace: 'nowrap' }}
          data-testid="user-name"
          title={menu ? (user?.name ?? '') : undefined}
        >
          <UserOutlined {...(menu && { 'aria-label': user?.name ?? 'User' })} /> {menu ? null : (user?.name ?? '')}
        </span>
        <TimeZonePicker />
        <Button
          type="link"
          icon={dark ? <SunOutlined /> : <MoonOutlined />}
          aria-label="Dark mode"
          aria-pressed={dark}
          title={dark ? 'Switch to light mode' : 'Switch to dark mode'}
          style={{ color: token.colorTextLightSolid }}
          onClick={() => pickScheme(dark ? 'light' : 'dark')}
        />
        <Button
          type="link"
          icon={<LogoutOutlined />}
          style={{ color: token.colorTextLightSolid }}
          onClick={() => {
            void logout().finally(() => window.location.assign('/'));
          }}
        >
          Logout
        </Button>
      </Space>
    </Flex>
  );
}
