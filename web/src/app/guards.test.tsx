import { act, render, screen } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useSession } from '../lib/session.ts';
import { signInForTest } from '../test/session.ts';
import { RequireAdmin, RequireLearner } from './guards.tsx';

function Where() {
  const l = useLocation();
  return <p data-testid="where">{`${l.pathname}${l.search}`}</p>;
}

const app = (start: string) =>
  render(
    <MemoryRouter initialEntries={[start]}>
      <Routes>
        <Route element={<RequireLearner />}>
          <Route path="/Profile" element={<p>profile</p>} />
        </Route>
        <Route element={<RequireLearner availableOffline />}>
          <Route path="/Downloads" element={<p>downloads</p>} />
        </Route>
        <Route element={<RequireAdmin />}>
          <Route path="/Setup" element={<p>setup</p>} />
        </Route>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

/** The persisted hint of a learner's session, without a token in this tab. */
const learnerHint = () =>
  useSession.setState({
    isAuthenticated: true,
    role: 'learner',
    user: { name: 'L', email: 'l@x.in' },
  });

describe('route guards', () => {
  it('sends a signed-out visitor of /Profile to sign in, remembering where to return', () => {
    app('/Profile?tab=1');
    expect(screen.getByTestId('where').textContent).toBe('/signin?redirect=%2FProfile%3Ftab%3D1');
  });

  it('sends a learner who opens an admin route to the admin login', () => {
    signInForTest();
    app('/Setup');
    expect(screen.getByTestId('where').textContent).toBe('/AdminLoginNew');
  });

  it('lets a learner with a token in this tab through', () => {
    signInForTest();
    app('/Profile');
    expect(screen.getByText('profile').tagName).toBe('P');
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('opens the screens saved for offline to the learner this phone was signed in as, offline only', () => {
    learnerHint();
    onlineManager.setOnline(false);
    try {
      app('/Downloads');
      expect(screen.getByText('downloads').tagName).toBe('P');
      // A screen that needs the network still asks for a sign-in.
      app('/Profile');
      expect(screen.getByTestId('where').textContent).toBe('/signin?redirect=%2FProfile');
    } finally {
      onlineManager.setOnline(true);
    }
    app('/Downloads');
    expect(screen.getAllByTestId('where').at(-1)?.textContent).toBe(
      '/signin?redirect=%2FDownloads',
    );
  });

  it('never opens the offline screens to a visitor without a learner on this phone', () => {
    onlineManager.setOnline(false);
    try {
      app('/Downloads');
      expect(screen.getByTestId('where').textContent).toBe('/signin?redirect=%2FDownloads');
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('sends a learner whose tab holds no token (only the hint) to sign in', () => {
    learnerHint();
    app('/Profile');
    expect(screen.getByTestId('where').textContent).toBe('/signin?redirect=%2FProfile');
  });

  it('waits while the session is being restored, then lets the learner through', () => {
    learnerHint();
    useSession.getState().startRestoring();
    app('/Profile?tab=1');
    expect(screen.getByText('Loading...').className).toBe('loading');
    expect(screen.queryByTestId('where')).toBeNull();

    act(() => useSession.getState().setAccessToken('restored', Date.now() + 60_000));
    act(() => useSession.getState().stopRestoring());

    expect(screen.getByText('profile').tagName).toBe('P');
  });

  it('sends the learner to sign in, remembering where, once a restore finds no session', () => {
    learnerHint();
    useSession.getState().startRestoring();
    app('/Profile?tab=1');
    expect(screen.queryByTestId('where')).toBeNull();

    act(() => useSession.getState().signOut());

    expect(screen.getByTestId('where').textContent).toBe('/signin?redirect=%2FProfile%3Ftab%3D1');
  });

  it('sends a signed-in learner to sign in when another tab signs out', () => {
    signInForTest();
    app('/Profile');
    expect(screen.getByText('profile').tagName).toBe('P');

    act(() => useSession.getState().signOut());

    expect(screen.getByTestId('where').textContent).toBe('/signin?redirect=%2FProfile');
  });
});
