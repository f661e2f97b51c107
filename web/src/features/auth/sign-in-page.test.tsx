import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useToasts } from '../../components/toast.tsx';
import { useSession } from '../../lib/session.ts';
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
      </Routes>
    </MemoryRouter>,
  );

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
    expect(sessionStorage.getItem('accessToken')).toBe('access-1');
    expect(useSession.getState()).toMatchObject({ isAuthenticated: true, role: 'learner' });
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

    await vi.waitFor(() => expect(toastTexts()).toContain('Invalid email or password.'));
    expect(heading()).toBe('Sign in to GIA School');
    expect(sessionStorage.getItem('accessToken')).toBeNull();
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
