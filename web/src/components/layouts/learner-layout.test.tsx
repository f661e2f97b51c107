import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../lib/session.ts';
import { displayName, initials } from './initials.ts';
import { LearnerLayout, PROFILE_MENU_MS } from './learner-layout.tsx';

afterEach(() => {
  vi.useRealTimers();
  useSession.setState({ isAuthenticated: false, role: null, user: null });
});

describe('the learner header', () => {
  it('makes the initials badge from the first and last word of the name, and falls back to Guest', () => {
    expect(initials('Asha Rao')).toBe('AR');
    expect(initials('  kavya  m  nair ')).toBe('KN');
    expect(initials('Asha')).toBe('A');
    expect(displayName('')).toBe('Guest');
    expect(displayName(undefined)).toBe('Guest');
  });

  it('shows the signed-out links to a visitor', () => {
    render(
      <MemoryRouter>
        <LearnerLayout />
      </MemoryRouter>,
    );
    expect(screen.getAllByText('User Login').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Admin Login').length).toBeGreaterThan(0);
    expect(screen.queryByLabelText('Profile menu')).toBeNull();
  });

  it('closes the profile menu by itself 2000 ms after opening', () => {
    vi.useFakeTimers();
    sessionStorage.setItem('accessToken', 't');
    useSession.setState({
      isAuthenticated: true,
      role: 'learner',
      user: { name: 'Asha Rao', email: 'a@x.in' },
    });
    render(
      <MemoryRouter>
        <LearnerLayout />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByLabelText('Profile menu'));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual([
      'Update Profile',
      'Logout',
    ]);
    act(() => vi.advanceTimersByTime(PROFILE_MENU_MS - 10));
    expect(screen.queryByRole('menu')).not.toBeNull();
    act(() => vi.advanceTimersByTime(20));
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
