import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, latestCode, login, nextCode, startConsole, type RunningConsole, callPath } from './harness';
import { companyCalls } from '../../schemas/api';

let app: RunningConsole;
beforeAll(async () => {
  app = await startConsole();
});
afterAll(async () => {
  await app?.stop();
});

describe('login gate', () => {
  it('an operator logs in with a one-time code from the outbox and sees the shell', async () => {
    const page = await app.browser.newPage();
    await login(page, app.url, 'ops@demo.local');
    await page.getByText('Lego Configuration Console').waitFor();
    expect(new URL(page.url()).pathname).toBe('/home');
    await expect(page.getByTestId('version').textContent()).resolves.toBe('0.2.12');
    await expect(page.getByTestId('user-name').textContent()).resolves.toContain('Priya Sharma');
    await page.getByText('Select a company to continue').waitFor();
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      desk: localStorage.getItem('deskToken'),
      perms: localStorage.getItem('permissions'),
    }));
    expect(stored.token?.split('.')).toHaveLength(3);
    expect(JSON.parse(stored.perms!)).toHaveProperty('read');

    // Logout revokes the desk token on the server: the token is useless even to someone who copied it.
    const search = `${app.url}${callPath(companyCalls.companySearch, { q: 'Tata' })}`;
    expect((await fetch(search, { headers: { authorization: `Bearer ${stored.desk}` } })).status).toBe(200);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByLabel('E-mail or phone').waitFor();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    expect((await fetch(search, { headers: { authorization: `Bearer ${stored.desk}` } })).status).toBe(401);
    await page.close();
  });

  it('a wrong code is refused, a blank field is asked for and a bad e-mail gets the schema message', async () => {
    const page = await app.browser.newPage();
    await page.goto(`${app.url}/login`);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('Please enter your e-mail or phone number').waitFor();
    await page.getByLabel('E-mail or phone').fill('not-an-email');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('Please enter a valid e-mail or 10 digit phone number').waitFor();
    await page.getByLabel('E-mail or phone').fill('ops@demo.local');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.getByText('Please enter the one-time code').waitFor();
    const real = await latestCode(app.url, 'ops@demo.local');
    await page.getByLabel('One-time code').fill(real === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.getByText('Invalid or expired code').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('deskToken'))).toBeNull();
    await page.close();
  });

  it('a desk without prm.super.read is denied and its storage cleared', async () => {
    const page = await app.browser.newPage();
    await login(page, app.url, 'nolego@demo.local');
    await page.getByText('This desk does not have Lego access').first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('deskToken'))).toBeNull();
    await page.close();
  });

  it('a bad stored token shows the login again', async () => {
    const page = await app.browser.newPage();
    await page.goto(`${app.url}/login`);
    await page.evaluate(() => {
      const claims = btoa(
        JSON.stringify({
          sub: 'x',
          exp: Math.floor(Date.now() / 1000) + 3600,
          masks: { create: '1', update: '1', read: '1' },
        }),
      );
      localStorage.setItem('token', `e30.${claims}.forged`);
      localStorage.setItem('deskToken', `e30.${claims}.forged`);
      localStorage.setItem('permissions', JSON.stringify({ create: '1', update: '1', read: '1' }));
    });
    await page.goto(`${app.url}/routes`);
    await page.getByLabel('E-mail or phone').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('deskToken'))).toBeNull();
    await page.close();
  });

  it('an expired password blocks with Update Your Password, then the password can be changed', async () => {
    const page = await app.browser.newPage();
    await login(page, app.url, 'expired@demo.local');
    await page.getByText('Update Your Password').waitFor();
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.waitForURL('**/login?block=change-password');
    const storage = await page.evaluate(() =>
      Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)])),
    );
    expect(storage).toEqual({ userEmail: 'expired@demo.local', timeLeftInDays: '-1' });

    const code = await nextCode(app.url, 'expired@demo.local', () =>
      page.getByRole('button', { name: 'Send code' }).click(),
    );
    await page.getByLabel('One-time code').fill(code);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.getByText('Password must be at least 8 characters with a letter and a digit').waitFor();
    await page.getByLabel('New password', { exact: true }).fill('Freight2026');
    await page.getByLabel('Confirm new password').fill('Freight2026');
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.getByText('Password updated. Sign in again to continue.').waitFor();

    await login(page, app.url, 'expired@demo.local');
    await page.getByText('Lego Configuration Console').waitFor();
    await page.getByText('Select a company to continue').waitFor();
    expect(await page.getByText('Update Your Password').count()).toBe(0);
    const companies = await apiAs<unknown[]>(page, app.url, callPath(companyCalls.companySearch, { q: 'Tata' }));
    expect(companies.length).toBeGreaterThan(0);
    await page.close();
  });
});
