import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@gia/shared/messages.ts';
import { ConfirmDialog } from '../../components/confirm.tsx';
import { apiPath } from '../../lib/api-paths.ts';
import { accessToken, useSession } from '../../lib/session.ts';
import { SESSION_CHANNEL } from '../../lib/session-sync.ts';
import { signInForTest, TEST_TOKEN } from '../../test/session.ts';
import { ProfilePage } from './profile-page.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function SignIn() {
  const { state } = useLocation() as { state: { notice?: string } | null };
  return <p data-testid="signin">{state?.notice}</p>;
}

const renderProfile = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/Profile']}>
        <Routes>
          <Route path="/Profile" element={<ProfilePage />} />
          <Route path="/signin" element={<SignIn />} />
        </Routes>
        <ConfirmDialog />
      </MemoryRouter>
    </QueryClientProvider>,
  );

const profile = { user_id: 'u1', user_name: 'Asha', email: 'asha@example.in', user_mobile: '' };

function stubServer() {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    if (url.endsWith('/getclass_users')) return json(200, { data: [profile] });
    if (url.endsWith('/getpayment_history')) return json(200, { data: [] });
    if (url === apiPath('learner.login.signOutEverywhere'))
      return json(200, { message: MESSAGES.signedOutEverywhere });
    return json(404, { message: 'not found', code: 'NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const everywhereCalls = (fetchMock: ReturnType<typeof stubServer>) =>
  fetchMock.mock.calls.filter(([url]) => url === apiPath('learner.login.signOutEverywhere'));

afterEach(() => vi.unstubAllGlobals());

describe('signing out everywhere from the profile', () => {
  it('asks first, ends every session, signs this browser out and says so on sign-in', async () => {
    signInForTest();
    const fetchMock = stubServer();
    const heard: unknown[] = [];
    const otherTab = new BroadcastChannel(SESSION_CHANNEL);
    otherTab.onmessage = (e: MessageEvent<unknown>) => heard.push(e.data);
    renderProfile();

    fireEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Sign out on every phone and computer');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));

    expect((await screen.findByTestId('signin')).textContent).toBe(MESSAGES.signedOutEverywhere);
    const [[, init]] = everywhereCalls(fetchMock) as [[string, RequestInit]];
    expect(init.headers).toMatchObject({ authorization: `Bearer ${TEST_TOKEN}` });
    expect(accessToken()).toBeNull();
    expect(useSession.getState()).toMatchObject({ isAuthenticated: false, role: null });
    await vi.waitFor(() => expect(heard).toEqual(['signed-out']));
    otherTab.close();
  });

  it('does nothing when the learner cancels', async () => {
    signInForTest();
    const fetchMock = stubServer();
    renderProfile();

    fireEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(everywhereCalls(fetchMock)).toEqual([]);
    expect(accessToken()).toBe(TEST_TOKEN);
  });
});
