import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '../../engine/data/services';
import { AUTH_TEXT } from '../../schemas/api/auth';
import { BLANK, LoginPage, sentText } from './LoginPage';
import { tooManyText } from './retryAfter';

type Answer = { status: number; body: unknown; headers?: Record<string, string> };
const okAnswer: Answer = { status: 200, body: { success: true, data: null, message: [] } };
const refused = (status: number, message: string, headers?: Record<string, string>): Answer => ({
  status,
  body: { success: false, data: null, message: [message] },
  headers,
});

/** Stubs fetch: each call of a path takes the next answer queued for it (the last one repeats). */
function serve(answers: Record<string, Answer[]>) {
  const fetch = vi.fn(async (url: string) => {
    const key = Object.keys(answers).find((path) => url.endsWith(path))!;
    const queue = answers[key];
    const answer = queue.length > 1 ? queue.shift()! : queue[0];
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const calls = (fetch: ReturnType<typeof serve>, path: string) =>
  fetch.mock.calls.filter(([url]) => String(url).endsWith(path)).length;

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/login']}>
      <LoginPage onLoggedIn={() => {}} />
    </MemoryRouter>,
  );

/** A button by its text (after a load, antd's spinner may linger in the accessible name while it animates out). */
const button = (text: string) => screen.getByText(text).closest('button')!;

async function toCodeStep(id = 'ops@demo.local') {
  fireEvent.change(screen.getByLabelText('E-mail or phone'), { target: { value: id } });
  fireEvent.click(button('Send code'));
  await screen.findByLabelText('One-time code');
  await screen.findByText(sentText(id));
}

async function tryCode(code: string) {
  fireEvent.change(screen.getByLabelText('One-time code'), { target: { value: code } });
  fireEvent.click(button('Verify and sign in'));
}

beforeEach(() => {
  localStorage.clear();
  setRuntimeConfig({});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/**
 * The wait a refusal states, in seconds: long enough that the text it shows is still there when a busy machine gets
 * round to looking for it (the test waits for the end of it, never a set time).
 */
const WAIT = '2';

describe('login page', () => {
  it('asks for a blank e-mail or phone, and calls a malformed one invalid', async () => {
    const fetch = serve({ '/auth/otp/request': [okAnswer] });
    renderPage();
    fireEvent.click(button('Send code'));
    await screen.findByText(BLANK.identifier);
    expect(screen.queryByText('Please enter a valid e-mail or 10 digit phone number')).toBeNull();
    fireEvent.change(screen.getByLabelText('E-mail or phone'), { target: { value: '   ' } });
    await screen.findByText(BLANK.identifier);
    fireEvent.change(screen.getByLabelText('E-mail or phone'), { target: { value: '98450' } });
    await screen.findByText('Please enter a valid e-mail or 10 digit phone number');
    await waitFor(() => expect(screen.queryByText(BLANK.identifier)).toBeNull()); // antd animates the old text out
    expect(calls(fetch, '/auth/otp/request')).toBe(0);
  });

  it('asks for a blank code, and calls a malformed one invalid', async () => {
    const fetch = serve({ '/auth/otp/request': [okAnswer], '/auth/otp/verify': [okAnswer] });
    renderPage();
    await toCodeStep();
    fireEvent.click(button('Verify and sign in'));
    await screen.findByText(BLANK.code);
    expect(screen.queryByText('Enter the 6 digit code')).toBeNull();
    fireEvent.change(screen.getByLabelText('One-time code'), { target: { value: '12' } });
    await screen.findByText('Enter the 6 digit code');
    expect(calls(fetch, '/auth/otp/verify')).toBe(0);
  });

  it('after too many wrong codes hides the sent-code notice and holds Verify back until the stated wait is over', async () => {
    const fetch = serve({
      '/auth/otp/request': [okAnswer],
      '/auth/otp/verify': [
        refused(401, 'Invalid or expired code'),
        refused(429, 'Too many requests. Please try again later', { 'retry-after': WAIT }),
      ],
    });
    renderPage();
    await toCodeStep();
    await tryCode('000000');
    await screen.findByText('Invalid or expired code');
    expect(screen.getByText(sentText('ops@demo.local'))).toBeTruthy();
    fireEvent.click(button('Verify and sign in'));
    await screen.findByText(tooManyText(Number(WAIT)));
    expect(screen.queryByText(sentText('ops@demo.local'))).toBeNull();
    expect(button('Verify and sign in').disabled).toBe(true);
    expect((screen.getByLabelText('One-time code') as HTMLInputElement).disabled).toBe(true);
    expect(button('Resend code').disabled).toBe(true);
    expect(button('Use another e-mail or phone').disabled).toBe(false);
    // A timer ends the wait: nothing asks the server meanwhile.
    await waitFor(() => expect(button('Verify and sign in').disabled).toBe(false), { timeout: 8000 });
    expect(screen.queryByText(tooManyText(Number(WAIT)))).toBeNull();
    expect((screen.getByLabelText('One-time code') as HTMLInputElement).disabled).toBe(false);
    expect(button('Resend code').disabled).toBe(false);
    expect(calls(fetch, '/auth/otp/verify')).toBe(2);
  });

  it("holds back only the refused identifier's code check: another e-mail or phone can sign in", async () => {
    serve({
      '/auth/otp/request': [okAnswer],
      '/auth/otp/verify': [refused(429, AUTH_TEXT.locked, { 'retry-after': '120' })],
    });
    renderPage();
    await toCodeStep();
    await tryCode('000000');
    await screen.findByText(tooManyText(120));
    fireEvent.click(button('Use another e-mail or phone'));
    await toCodeStep('9876543210');
    expect(button('Verify and sign in').disabled).toBe(false);
    expect((screen.getByLabelText('One-time code') as HTMLInputElement).disabled).toBe(false);
    expect(screen.getByText(sentText('9876543210'))).toBeTruthy();
    expect(screen.queryByText(tooManyText(120))).toBeNull();
  });

  it("keeps the account lock-out's text under the wait", async () => {
    serve({
      '/auth/otp/request': [okAnswer],
      '/auth/otp/verify': [refused(429, AUTH_TEXT.locked, { 'retry-after': '120' })],
    });
    renderPage();
    await toCodeStep();
    await tryCode('000000');
    await screen.findByText(tooManyText(120));
    expect(screen.getByText(AUTH_TEXT.locked)).toBeTruthy();
    expect(button('Verify and sign in').disabled).toBe(true);
  });

  it('resends the code with the same call, and holds Resend back for the wait a refusal states', async () => {
    const fetch = serve({
      '/auth/otp/request': [
        okAnswer,
        okAnswer,
        refused(429, 'Too many requests. Please try again later', { 'retry-after': WAIT }),
      ],
    });
    renderPage();
    await toCodeStep();
    fireEvent.click(button('Resend code'));
    await screen.findByText(sentText('ops@demo.local', true));
    await waitFor(() => expect(button('Resend code').disabled).toBe(false));
    expect(calls(fetch, '/auth/otp/request')).toBe(2);
    expect(JSON.parse(String((fetch.mock.calls[1] as unknown as [string, RequestInit])[1].body))).toEqual({
      identifier: 'ops@demo.local',
    });
    fireEvent.click(button('Resend code'));
    await screen.findByText(tooManyText(Number(WAIT)));
    expect(screen.queryByText(sentText('ops@demo.local', true))).toBeNull();
    await waitFor(() => expect(button('Resend code').disabled).toBe(true));
    // Codes sent earlier can still be tried.
    expect(button('Verify and sign in').disabled).toBe(false);
    await waitFor(() => expect(button('Resend code').disabled).toBe(false), { timeout: 8000 });
    expect(screen.queryByText(tooManyText(Number(WAIT)))).toBeNull();
  });

  it('holds Send code back for the wait a refused request states', async () => {
    serve({
      '/auth/otp/request': [refused(429, 'Too many requests. Please try again later', { 'retry-after': WAIT })],
    });
    renderPage();
    fireEvent.change(screen.getByLabelText('E-mail or phone'), { target: { value: 'ops@demo.local' } });
    fireEvent.click(button('Send code'));
    await screen.findByText(tooManyText(Number(WAIT)));
    expect(button('Send code').disabled).toBe(true);
    expect(screen.queryByLabelText('One-time code')).toBeNull();
    await waitFor(() => expect(button('Send code').disabled).toBe(false), { timeout: 8000 });
  });
});
