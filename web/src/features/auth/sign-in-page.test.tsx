import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@gia/shared/messages.ts';
import { useToasts } from '../../components/toast.tsx';
import { chooseLanguage } from '../../lib/i18n.ts';
import { accessToken, useSession } from '../../lib/session.ts';
import { apiPath } from '../../lib/api-paths.ts';
import SignInPage from './sign-in-page.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const renderAt = (start: string) =>
  render(
    <MemoryRouter initialEntries={[start]}>
      <Routes>
        <Route path="/signin" element={<SignInPage />} />
        <Route path="/signup" element={<SignInPage />} />
        <Route path="/GetBoard" element={<p>boards page</p>} />
        <Route path="/Profile" element={<p>profile page</p>} />
        <Route path="/subjects/:id" element={<p>subject page</p>} />
        <Route path="/forgot-password" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

function Where() {
  const l = useLocation();
  return <p data-testid="where">{`${l.pathname}${l.search}|${JSON.stringify(l.state)}`}</p>;
}

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
const toastTexts = () => useToasts.getState().toasts.map((t) => t.text);

afterEach(() => {
  vi.unstubAllGlobals();
  useToasts.setState({ toasts: [] });
  useSession.setState({ isAuthenticated: false, role: null, user: null });
});

describe('the sign-in screen', () => {
  it('switches between sign-in and sign-up through its link', () => {
    renderAt('/signin');
    expect(heading()).toBe('Sign in to GIA School');
    expect(screen.queryByLabelText('User Name')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign In' }).getAttribute('type')).toBe('submit');

    fireEvent.click(screen.getByRole('link', { name: 'Create an account' }));

    expect(heading()).toBe('Sign up to GIA School');
    expect(screen.getByLabelText('User Name').getAttribute('name')).toBe('user_name');
    expect(screen.getByRole('button', { name: 'Create an Account' }).getAttribute('type')).toBe(
      'submit',
    );

    fireEvent.click(screen.getByRole('link', { name: 'Sign in' }));

    expect(heading()).toBe('Sign in to GIA School');
  });

  it('masks the password until the learner asks to see it', () => {
    renderAt('/signin');
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');

    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');

    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.getAttribute('type')).toBe('password');
  });

  it('signs in, keeps the session and returns to the page the guard came from', async () => {
    const fetchMock = vi.fn(async () =>
      json(200, {
        message: 'Logged in Successfully',
        accessToken: 'access-1',
        refreshToken: 'refresh-1',
        expires_in: 3600,
        user: { empid: 'u1', name: 'Asha Rao', email: 'asha@example.in' },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/signin?redirect=%2FProfile');

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'asha@example.in' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    await screen.findByText('profile page');
    expect(screen.queryByRole('heading', { name: 'Sign in to GIA School' })).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith(
      apiPath('learner.login.request'),
      expect.objectContaining({ method: 'POST' }),
    );
    // The token in memory only; the answer's refresh token nowhere (the cookie holds it).
    expect(accessToken()).toBe('access-1');
    const stored = JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage });
    expect(stored).not.toContain('access-1');
    expect(stored).not.toContain('refresh-1');
    expect(useSession.getState()).toMatchObject({
      isAuthenticated: true,
      role: 'learner',
      status: 'signed-in',
    });
    expect(toastTexts()).toContain('Logged in Successfully');
  });

  it("shows the server's message when the e-mail or password is wrong, and stays put", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(401, { message: 'Invalid email or password.', code: 'UNAUTHENTICATED' }),
      ),
    );
    renderAt('/signin');

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'asha@example.in' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-one1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    // Under the form, not only a toast.
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password.');
    expect(heading()).toBe('Sign in to GIA School');
    expect(accessToken()).toBeNull();
  });

  it('falls back to the generic text when the server fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(500, { message: 'Something went wrong.', code: 'INTERNAL' })),
    );
    renderAt('/signup');

    fireEvent.change(screen.getByLabelText('User Name'), { target: { value: 'Asha' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'asha@example.in' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create an Account' }));

    await vi.waitFor(() =>
      expect(toastTexts()).toContain('Failed to sign-up, Please try again later!!'),
    );
  });
});

describe('the sign-up form speaks plainly', () => {
  it('shows the password rule before it is broken, and as the error when it is', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/signup');
    const password = screen.getByLabelText('Password');
    const rule = 'Password must be at least 8 characters long and contain a letter and a digit.';
    expect(document.getElementById('password-hint')?.textContent).toBe(rule);
    expect(password.getAttribute('aria-describedby')).toBe('password-hint');

    fireEvent.change(screen.getByLabelText('User Name'), { target: { value: 'Asha' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'asha@example.in' } });
    fireEvent.change(password, { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create an Account' }));

    expect(screen.getByRole('alert').textContent).toBe(rule);
    expect(password.getAttribute('aria-describedby')).toBe('password-error');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('limits the fields to what the server takes and shows its problems under their fields', async () => {
    const message = 'User Name must be at most 100 characters.';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(400, {
          message,
          code: 'VALIDATION_FAILED',
          details: [{ field: 'user_name', message }],
        }),
      ),
    );
    renderAt('/signup');
    expect(screen.getByLabelText('User Name').getAttribute('maxlength')).toBe('100');
    expect(screen.getByLabelText('Email').getAttribute('maxlength')).toBe('254');

    fireEvent.change(screen.getByLabelText('User Name'), { target: { value: 'Asha' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'asha@example.in' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create an Account' }));

    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByLabelText('User Name').getAttribute('aria-describedby')).toBe(
      'user_name-error',
    );
    expect(toastTexts()).toEqual([]);
  });

  it('shows a taken e-mail under Email', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(409, { message: 'User already exists', code: 'CONFLICT' })),
    );
    renderAt('/signup');
    fireEvent.change(screen.getByLabelText('User Name'), { target: { value: 'Asha' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'asha@example.in' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create an Account' }));

    expect((await screen.findByRole('alert')).textContent).toBe('User already exists');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it('does not carry the shown password from sign-up over to sign-in', () => {
    renderAt('/signup');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('text');

    fireEvent.click(screen.getByRole('link', { name: 'Sign in' }));

    expect(heading()).toBe('Sign in to GIA School');
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
    expect(document.getElementById('password-hint')).toBeNull();
  });
});

const loginAnswer = (token: string) =>
  json(200, {
    message: 'Logged in Successfully',
    accessToken: token,
    refreshToken: 'refresh-never-kept',
    expires_in: 3600,
    user: { empid: 'u1', name: 'Asha Rao', email: 'asha@example.in' },
  });

describe('signing up signs the learner in', () => {
  it('creates the account, signs in with the same details and returns to the subject', async () => {
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
      url === apiPath('learner.login.signup')
        ? json(201, {
            message: 'Successfully signed up',
            data: { user_id: 'u1', user_name: 'Asha', email: 'asha@example.in' },
          })
        : loginAnswer('access-2'),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/signup?redirect=%2Fsubjects%2Fs1');

    fireEvent.change(screen.getByLabelText('User Name'), { target: { value: 'Asha' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'asha@example.in' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create an Account' }));

    await screen.findByText('subject page');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      apiPath('learner.login.signup'),
      apiPath('learner.login.request'),
    ]);
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]?.body))).toEqual({
      email: 'asha@example.in',
      password: 'secret123',
    });
    expect(accessToken()).toBe('access-2');
    expect(toastTexts()).toContain('Successfully signed up');
  });

  it('never follows a redirect to another site', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => loginAnswer('access-3')),
    );
    renderAt('/signin?redirect=%2F%2Fevil.example%2Fphish');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'asha@example.in' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    await screen.findByText('boards page');
  });

  it('keeps the redirect on the links between sign-in, sign-up and a forgotten password', () => {
    renderAt('/signin?redirect=%2FGetTopic%3Fchapter%3Dc1');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/signup?redirect=%2FGetTopic%3Fchapter%3Dc1',
    );
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'asha@example.in' } });
    fireEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(screen.getByTestId('where').textContent).toBe(
      '/forgot-password?redirect=%2FGetTopic%3Fchapter%3Dc1|{"email":"asha@example.in"}',
    );
  });
});

describe('signing in with a code', () => {
  it('e-mails a code, then signs in with it and returns where the learner was going', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === apiPath('learner.login.requestCode'))
        return json(200, { message: MESSAGES.signInCodeSent });
      const { code } = JSON.parse(String(init?.body)) as { code: string };
      return code === '123456'
        ? loginAnswer('access-code')
        : json(400, { message: MESSAGES.signInCodeWrong, code: 'VALIDATION_FAILED' });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/signin?redirect=%2FProfile');

    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'asha@example.in' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));

    expect((await screen.findByRole('status')).textContent).toContain(MESSAGES.signInCodeSent);
    // The code is asked for in the language the app speaks (issue 33).
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({
      email: 'asha@example.in',
      language: 'en',
    });
    const code = screen.getByLabelText('Code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('maxlength')).toBe('6');

    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.signInCodeWrong);
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(accessToken()).toBeNull();

    fireEvent.change(code, { target: { value: '123 456' } });
    expect((code as HTMLInputElement).value).toBe('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    await screen.findByText('profile page');
    expect(accessToken()).toBe('access-code');
    expect(JSON.parse(String(fetchMock.mock.calls.at(-1)![1]?.body))).toEqual({
      email: 'asha@example.in',
      code: '123456',
    });
  });

  it('sends a new code, and goes back to the password on request', async () => {
    const fetchMock = vi.fn(async () => json(200, { message: MESSAGES.signInCodeSent }));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/signin');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'asha@example.in' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    await screen.findByLabelText('Code');

    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));

    fireEvent.click(screen.getByRole('button', { name: 'Use my password instead' }));
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('asha@example.in');
  });

  it('shows too many tries plainly', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === apiPath('learner.login.requestCode')
          ? json(200, { message: MESSAGES.signInCodeSent })
          : json(429, { message: MESSAGES.signInCodeTooManyTries, code: 'RATE_LIMITED' }),
      ),
    );
    renderAt('/signin');
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'asha@example.in' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    fireEvent.change(await screen.findByLabelText('Code'), { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.signInCodeTooManyTries);
  });
});

describe('signing up in Hindi', () => {
  afterEach(async () => {
    await chooseLanguage('en');
  });

  it('shows the screen and the password rule in Hindi, and refuses a short password before sending', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await chooseLanguage('hi');
    renderAt('/signup');
    expect(heading()).toBe('GIA स्कूल में साइन अप करें');
    const rule = 'पासवर्ड कम से कम 8 अक्षरों का हो और उसमें कम से कम एक अंग्रेज़ी अक्षर और एक अंक हो।';
    expect(document.getElementById('password-hint')?.textContent).toBe(rule);
    expect(screen.getByRole('button', { name: 'पासवर्ड दिखाएँ' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('उपयोगकर्ता नाम'), { target: { value: 'Asha' } });
    fireEvent.change(screen.getByLabelText('ईमेल'), { target: { value: 'asha@example.in' } });
    fireEvent.change(screen.getByLabelText('पासवर्ड'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'खाता बनाएँ' }));

    expect((await screen.findByRole('alert')).textContent).toBe(rule);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
