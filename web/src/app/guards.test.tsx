import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '../lib/session.ts';
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
        <Route element={<RequireAdmin />}>
          <Route path="/Setup" element={<p>setup</p>} />
        </Route>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

afterEach(() => useSession.setState({ isAuthenticated: false, role: null, user: null }));

/** A learner's session as this tab's store holds it (the token is set apart, per test). */
const learnerSession = () =>
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
    sessionStorage.setItem('accessToken', 't');
    learnerSession();
    app('/Setup');
    expect(screen.getByTestId('where').textContent).toBe('/AdminLoginNew');
  });

  it('lets a learner with a token in this tab through', () => {
    sessionStorage.setItem('accessToken', 't');
    learnerSession();
    app('/Profile');
    expect(screen.getByText('profile').tagName).toBe('P');
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('sends a learner whose token is gone from this tab to sign in', () => {
    learnerSession();
    app('/Profile');
    expect(screen.getByTestId('where').textContent).toBe('/signin?redirect=%2FProfile');
  });
});
