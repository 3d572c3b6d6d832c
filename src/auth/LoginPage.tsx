import { Alert, Button, Card, Flex, Form, Input, Typography, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { authCalls } from '../../schemas/api/auth';
import { STORAGE } from '../../engine/data/session';
import { otpRequestSchema, otpVerifySchema } from '../../schemas/auth';
import { storeLogin } from './tokens';
import { ChangePasswordForm } from './ChangePasswordForm';
import { BLANK, schemaRule } from './schemaRule';

export { BLANK };
import { postAuth, refusalOf, type AuthFailure, type Refusal } from './authRequest';

/** Support contact shown under the login form. */
const SUPPORT = 'Trouble signing in? Write to support@freightdesk.in or call 1800-210-4455.';

/** The notice once a code was requested (the same whether or not the identifier has an account). */
export const sentText = (id: string, again = false) =>
  `If ${id} has an account, a ${again ? 'new ' : ''}6 digit code is on its way. It is valid for 10 minutes.`;

/** Which call a server-stated wait (429 with Retry-After) holds back: sending codes, or trying them. */
type WaitKind = 'send' | 'verify';

/** Longest delay a browser timer takes (about 24.8 days); a longer wait is re-armed when it fires. */
const MAX_TIMER = 2 ** 31 - 1;

/**
 * One-time-code login by e-mail or phone: request a code, then enter it. Replaces the hosted widget. A refusal that
 * states a wait (429 with Retry-After) holds back what it refused until then: a timer set from the wait re-enables it
 * and removes the refusal, without asking the server again.
 */
export function LoginPage({ error, onLoggedIn }: { error?: string; onLoggedIn: () => void }) {
  const { token } = theme.useToken();
  const [params] = useSearchParams();
  const [identifier, setIdentifier] = useState<string | null>(null);
  const [busy, setBusy] = useState<'send' | 'resend' | 'verify' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<(Refusal & { wait?: WaitKind }) | null>(null);
  /** Until when (epoch ms) each kind of call waits. */
  const [waits, setWaits] = useState<Partial<Record<WaitKind, number>>>({});
  /** The identifier whose code check waits (another one's check is not held back: the server says if it must wait too). */
  const [verifyWaitFor, setVerifyWaitFor] = useState<string | null>(null);
  const remembered = localStorage.getItem(STORAGE.userEmail) ?? '';

  useEffect(() => {
    const timers = (Object.entries(waits) as [WaitKind, number][]).map(([kind, until]) =>
      setTimeout(
        () => {
          if (until > Date.now()) return setWaits((w) => ({ ...w })); // fired early (a wait past MAX_TIMER): arm again
          setWaits(({ [kind]: _, ...rest }) => rest);
          setFailure((f) => (f?.wait === kind ? null : f));
          setNotice(null); // a code sent before or during the wait may have expired by now
        },
        Math.min(Math.max(0, until - Date.now()), MAX_TIMER),
      ),
    );
    return () => timers.forEach(clearTimeout);
  }, [waits]);

  if (params.get('block') === 'change-password') return <ChangePasswordForm remembered={remembered} />;

  /** Shows a refusal; one stating a wait holds back `kind` until the wait is over and hides the sent-code notice. */
  const refuse = (result: AuthFailure, kind: WaitKind) => {
    const refusal = refusalOf(result);
    if (result.status !== 429 || result.retryAfter === null) return setFailure(refusal);
    const until = Date.now() + result.retryAfter * 1000;
    setWaits((w) => ({ ...w, [kind]: until }));
    if (kind === 'verify') setVerifyWaitFor(identifier);
    setFailure({ ...refusal, wait: kind });
    setNotice(null);
  };
  const send = async (id: string, again: boolean) => {
    setBusy(again ? 'resend' : 'send');
    // The wait of this identifier's code check stays stated while it lasts; any other refusal goes.
    setFailure((f) => (f?.wait === 'verify' && id === verifyWaitFor ? f : null));
    const result = await postAuth(authCalls.requestCode, { identifier: id });
    setBusy(null);
    if (!result.ok) return refuse(result, 'send');
    setIdentifier(id);
    setNotice(sentText(id, again));
  };
  const verify = async ({ code }: { code: string }) => {
    setBusy('verify');
    setFailure(null);
    const result = await postAuth<{ token: string; deskToken: string }>(authCalls.verifyCode, { identifier, code });
    setBusy(null);
    if (!result.ok) return refuse(result, 'verify');
    if (!result.data) return setFailure({ title: 'Login failed' });
    storeLogin(result.data.token, result.data.deskToken);
    onLoggedIn();
  };
  const sendHeld = waits.send !== undefined;
  const verifyHeld = waits.verify !== undefined && verifyWaitFor === identifier;

  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', background: token.colorBgLayout }}>
      <Card style={{ width: 400 }}>
        <Flex vertical gap="middle">
          <Typography.Title level={3} style={{ margin: 0 }}>
            Sign in to Lego
          </Typography.Title>
          {error && <Alert type="error" showIcon title={error} />}
          {failure && <Alert type="error" showIcon title={failure.title} description={failure.description} />}
          {notice && !sendHeld && !verifyHeld && <Alert type="success" showIcon title={notice} />}
          {identifier === null ? (
            <Form
              layout="vertical"
              onFinish={({ identifier: id }: { identifier: string }) => send(id, false)}
              initialValues={{ identifier: remembered }}
              requiredMark={false}
            >
              <Form.Item
                name="identifier"
                label="E-mail or phone"
                rules={[schemaRule(otpRequestSchema, 'identifier', BLANK.identifier)]}
              >
                <Input autoComplete="username" autoFocus placeholder="you@company.com" />
              </Form.Item>
              <Button type="primary" htmlType="submit" block loading={busy === 'send'} disabled={sendHeld}>
                Send code
              </Button>
            </Form>
          ) : (
            <Form layout="vertical" onFinish={verify} requiredMark={false}>
              <Form.Item name="code" label="One-time code" rules={[schemaRule(otpVerifySchema, 'code', BLANK.code)]}>
                <Input
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  maxLength={6}
                  autoFocus
                  placeholder="6 digits"
                  disabled={verifyHeld}
                />
              </Form.Item>
              <Button
                type="primary"
                htmlType="submit"
                block
                loading={busy === 'verify'}
                disabled={verifyHeld || busy === 'resend'}
              >
                Verify and sign in
              </Button>
              {/* A code cannot be used while verifying waits (and may expire before then), so none is sent meanwhile. */}
              <Button
                type="link"
                block
                loading={busy === 'resend'}
                disabled={sendHeld || verifyHeld || busy === 'verify'}
                onClick={() => send(identifier, true)}
              >
                Resend code
              </Button>
              <Button
                type="link"
                block
                onClick={() => {
                  setIdentifier(null);
                  setNotice(null);
                }}
              >
                Use another e-mail or phone
              </Button>
            </Form>
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {SUPPORT}
          </Typography.Text>
        </Flex>
      </Card>
    </Flex>
  );
}
