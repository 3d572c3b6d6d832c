import { Alert, Button, Card, Flex, Form, Input, Typography, theme } from 'antd';
import { useState } from 'react';
import { callEndpoint, endpoint } from '../../engine/data/endpoint';
import { authCalls } from '../../schemas/api/auth';
import { passwordChangeSchema } from '../../schemas/auth';
import { BLANK, schemaRule } from './schemaRule';

/** /login?block=change-password: a fresh one-time code proves the identity, then the new password is stored. */
export function ChangePasswordForm({ remembered }: { remembered: string }) {
  const { token } = theme.useToken();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [form] = Form.useForm();

  const sendCode = async () => {
    const identifier = await form
      .validateFields(['identifier'])
      .then((v) => v.identifier as string)
      .catch(() => null);
    if (!identifier) return;
    setBusy(true);
    const result = await callEndpoint(endpoint(authCalls.requestCode), { body: { identifier } }, { quiet: true });
    setBusy(false);
    if (!result.ok) return setFailure(result.messages.join(' '));
    setFailure(null);
    setSent(true);
  };
  const change = async (values: { identifier: string; code: string; password: string }) => {
    setBusy(true);
    const result = await callEndpoint(endpoint(authCalls.changePassword), { body: values }, { quiet: true });
    setBusy(false);
    if (!result.ok) return setFailure(result.messages.join(' '));
    setFailure(null);
    setDone(true);
  };

  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', background: token.colorBgLayout }}>
      <Card style={{ width: 420 }}>
        <Flex vertical gap="middle">
          <Typography.Title level={3} style={{ margin: 0 }}>
            Change your password
          </Typography.Title>
          {failure && <Alert type="error" showIcon title={failure} />}
          {done ? (
            <>
              <Alert type="success" showIcon title="Password updated. Sign in again to continue." />
              {/* A full load: the session was cleared, so the login gate must start over. */}
              <Button type="primary" onClick={() => window.location.assign('/login')}>
                Go to sign in
              </Button>
            </>
          ) : (
            <Form
              form={form}
              layout="vertical"
              onFinish={change}
              initialValues={{ identifier: remembered }}
              requiredMark={false}
            >
              <Form.Item
                name="identifier"
                label="E-mail or phone"
                rules={[schemaRule(passwordChangeSchema, 'identifier', BLANK.identifier)]}
              >
                <Input autoComplete="username" />
              </Form.Item>
              {sent && (
                <>
                  <Form.Item
                    name="code"
                    label="One-time code"
                    rules={[schemaRule(passwordChangeSchema, 'code', BLANK.code)]}
                  >
                    <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" />
                  </Form.Item>
                  <Form.Item
                    name="password"
                    label="New password"
                    rules={[schemaRule(passwordChangeSchema, 'password', BLANK.password)]}
                  >
                    <Input.Password autoComplete="new-password" />
                  </Form.Item>
                  <Form.Item
                    name="confirm"
                    label="Confirm new password"
                    dependencies={['password']}
                    rules={[
                      { required: true, whitespace: true, message: BLANK.confirm },
                      ({ getFieldValue }) => ({
                        validator: async (_, v) => {
                          if (v && v !== getFieldValue('password')) throw new Error('Passwords do not match');
                        },
                      }),
                    ]}
                  >
                    <Input.Password autoComplete="new-password" />
                  </Form.Item>
                </>
              )}
              {sent ? (
                <Button type="primary" htmlType="submit" block loading={busy}>
                  Update password
                </Button>
              ) : (
                <Button type="primary" block loading={busy} onClick={sendCode}>
                  Send code
                </Button>
              )}
            </Form>
          )}
        </Flex>
      </Card>
    </Flex>
  );
}
