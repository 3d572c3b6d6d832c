import { Alert, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { authCalls } from '../../schemas/api/auth';
import { STORAGE } from '../../engine/data/session';
import { otpRequestSchema, otpVerifySchema } from '../../schemas/auth';
import { storeLogin } from './tokens';
import { ChangePasswordForm } from './ChangePasswordForm';
import { schemaRule } from './schemaRule';
import { postAuth, refusalOf, type Refusal } from './authRequest';

/** Support contact shown under the login form. */
const SUPPORT = 'Trouble signing in? Write to support@freightdesk.in or call 1800-210-4455.';

/** One-time-code login by e-mail or phone: request a code, then enter it. Replaces the hosted widget. */
export function LoginPage({ error, onLoggedIn }: { error?: string; onLoggedIn: () => void }) {
  const [params] = useSearchParams();
  const [identifier, setIdentifier] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<Refusal | null>(null);
  const remembered = localStorage.getItem(STORAGE.userEmail) ?? '';

  if (params.get('block') === 'change-password') return <ChangePasswordForm remembered={remembered} />;

  const requestCode = async ({ identifier: id }: { identifier: string }) => {
    setBusy(true);
    setFailure(null);
    const result = await postAuth(authCalls.requestCode, { identifier: id });
    setBusy(false);
    if (!result.ok) return setFailure(refusalOf(result));
    setIdentifier(id);
    setNotice(`If ${id} has an account, a 6 digit code is on its way. It is valid for 10 minutes.`);
  };
  const verify = async ({ code }: { code: string }) => {
    setBusy(true);
    setFailure(null);
    const result = await postAuth<{ token: string; deskToken: string }>(authCalls.verifyCode, { identifier, code });
    setBusy(false);
    if (!result.ok) return setFailure(refusalOf(result));
    if (!result.data) return setFailure({ title: 'Login failed' });
    storeLogin(result.data.token, result.data.deskToken);
    onLoggedIn();
  };

  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', background: '#f0f2f5' }}>
      <Card style={{ width: 400 }}>
        <Flex vertical gap="middle">
          <Typography.Title level={3} style={{ margin: 0 }}>Sign in to Lego</Typography.Title>
          {error && <Alert type="error" showIcon title={error} />}
          {failure && <Alert type="error" showIcon title={failure.title} description={failure.description} />}
          {notice && <Alert type="success" showIcon title={notice} />}
          {identifier === null ? (
            <Form layout="vertical" onFinish={requestCode} initialValues={{ identifier: remembered }} requiredMark={false}>
              <Form.Item name="identifier" label="E-mail or phone" rules={[schemaRule(otpRequestSchema, 'identifier')]}>
                <Input autoComplete="username" autoFocus placeholder="you@company.com" />
              </Form.Item>
              <Button type="primary" htmlType="submit" block loading={busy}>Send code</Button>
            </Form>
          ) : (
            <Form layout="vertical" onFinish={verify} requiredMark={false}>
              <Form.Item name="code" label="One-time code" rules={[schemaRule(otpVerifySchema, 'code')]}>
                <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} autoFocus placeholder="6 digits" />
              </Form.Item>
              <Button type="primary" htmlType="submit" block loading={busy}>Verify and sign in</Button>
              <Button type="link" block onClick={() => { setIdentifier(null); setNotice(null); }}>Use another e-mail or phone</Button>
            </Form>
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{SUPPORT}</Typography.Text>
        </Flex>
      </Card>
    </Flex>
  );
}

