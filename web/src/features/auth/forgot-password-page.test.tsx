import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, PASSWORD_RULE_MESSAGE } from '@gia/shared/messages.ts';
import { apiPath } from '../../lib/api-paths.ts';
import AdminLoginPage from './admin-login-page.tsx';
import { AdminForgotPasswordPage, LearnerForgotPasswordPage } from './forgot-password-page.tsx';
import SignInPage from './sign-in-page.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function Where() {
  const l = useLocation();
  return <p data-testid="where">{`${l.pathname}${l.search}`}</p>;
}

const renderAt = (start: string) =>
  render(
    <MemoryRouter initialEntries={[start]}>
      <Routes>
        <Route path="/signin" element={<SignInPage />} />
        <Route path="/forgot-password" element={<LearnerForgotPasswordPage />} />
        <Route path="/AdminLoginNew" element={<AdminLoginPage />} />
        <Route path="/admin/forgot-password" element={<AdminForgotPasswordPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

/** The reset routes of the server, answering `reset` for each resetPassword call. */
function server(reset: (body: { email: string; code: string; password: string }) => Response) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? '{}'));
    if (url.endsWith('/login/forgotPassword'))
      return json(200, { message: MESSAGES.forgotPasswordSent });
    if (url.endsWith('/login/resetPassword')) return reset(body);
    return json(404, { message: 'not found', code: 'NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const urls = (fetchMock: ReturnType<typeof server>) => fetchMock.mock.calls.map(([u]) => u);

afterEach(() => vi.unstubAllGlobals());

/** Steps 1 and 2: the e-mail, then the code form. */
async function askForCode(email = 'asha@example.in') {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
  expect((await screen.findByRole('status')).textContent).toContain(MESSAGES.forgotPasswordSent);
}

describe('a forgotten password', () => {
  it('is reached from the sign-in form, e-mails a code, and changes the password', async () => {
    const fetchMock = server(() => json(200, { message: MESSAGES.passwordChanged }));
    renderAt('/signin?redirect=%2FCartScreen');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'asha@example.in' } });
    fireEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Reset your password');
    // The address typed on the sign-in form comes along.
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('asha@example.in');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect((await screen.findByRole('status')).textContent).toContain(MESSAGES.forgotPasswordSent);

    const code = screen.getByLabelText('Code');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    const password = screen.getByLabelText('New password');
    // The rule shows before it is broken.
    expect(document.getElementById('new-password-hint')?.textContent).toBe(PASSWORD_RULE_MESSAGE);
    expect(password.getAttribute('aria-describedby')).toBe('new-password-hint');

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.change(password, { target: { value: 'newpass123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

    // Back on the sign-in form, the e-mail filled in, the change said, the redirect kept.
    await screen.findByRole('heading', { name: 'Sign in to GIA School' });
    expect(screen.getByRole('status').textContent).toBe(MESSAGES.passwordChanged);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('asha@example.in');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/signup?redirect=%2FCartScreen',
    );
    expect(urls(fetchMock)).toEqual([
      apiPath('learner.login.forgotPassword'),
      apiPath('learner.login.resetPassword'),
    ]);
    // The code is asked for in the language the app speaks (issue 33).
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({
      email: 'asha@example.in',
      language: 'en',
    });
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]?.body))).toEqual({
      email: 'asha@example.in',
      code: '123456',
      password: 'newpass123',
    });
  });

  it('checks the code and the password rule before sending anything', async () => {
    const fetchMock = server(() => json(200, { message: MESSAGES.passwordChanged }));
    renderAt('/forgot-password');
    await askForCode();
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Please enter the 6-digit code from the e-mail.',
      PASSWORD_RULE_MESSAGE,
    ]);
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
    expect(urls(fetchMock)).toEqual([apiPath('learner.login.forgotPassword')]);
  });

  it('shows the server’s field problems at their fields, and a wrong code at the code', async () => {
    let answer = json(400, {
      message: 'Password must contain a digit.',
      code: 'VALIDATION_FAILED',
      details: [{ field: 'password', message: 'Password must contain a digit.' }],
    });
    server(() => answer);
    renderAt('/forgot-password');
    await askForCode();
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '654321' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'newpass123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Password must contain a digit.');
    expect(screen.getByLabelText('New password').getAttribute('aria-describedby')).toBe(
      'new-password-error',
    );

    answer = json(400, { message: MESSAGES.resetCodeWrong, code: 'VALIDATION_FAILED' });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'newpass1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

    await vi.waitFor(() =>
      expect(screen.getByLabelText('Code').getAttribute('aria-describedby')).toBe(
        'reset-code-error',
      ),
    );
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.resetCodeWrong);
  });

  it('says plainly when there were too many wrong codes, and sends a new code on request', async () => {
    const fetchMock = server(() =>
      json(429, { message: MESSAGES.resetTooManyTries, code: 'RATE_LIMITED' }),
    );
    renderAt('/forgot-password');
    await askForCode();
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '111111' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'newpass123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.resetTooManyTries);

    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    await vi.waitFor(() =>
      expect(urls(fetchMock)).toEqual([
        apiPath('learner.login.forgotPassword'),
        apiPath('learner.login.resetPassword'),
        apiPath('learner.login.forgotPassword'),
      ]),
    );
    await vi.waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('is offered to an admin too, through the admin pool', async () => {
    const fetchMock = server(() => json(200, { message: MESSAGES.passwordChanged }));
    renderAt('/AdminLoginNew');
    fireEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Reset admin password');
    await askForCode('admin@gia.local');
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '123456' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'newpass123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

    const card = (await screen.findByRole('heading', { name: 'Admin Login' })).parentElement!;
    expect(within(card).getByRole('status').textContent).toBe(MESSAGES.passwordChanged);
    expect((within(card).getByLabelText('Email') as HTMLInputElement).value).toBe(
      'admin@gia.local',
    );
    expect(urls(fetchMock)).toEqual([
      apiPath('admin.login.forgotPassword'),
      apiPath('admin.login.resetPassword'),
    ]);
  });
});
