import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage, useLanguage } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { displayName, initials } from './initials.ts';
import { cartLabel, LearnerLayout, PROFILE_MENU_MS } from './learner-layout.tsx';
import { signInForTest } from '../../test/session.ts';

afterEach(async () => {
  await chooseLanguage('en', false);
  useLanguage.setState({ chosen: false });
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
    signInForTest({ role: 'learner', user: { name: 'Asha Rao', email: 'a@x.in' } });
    render(
      <MemoryRouter>
        <LearnerLayout />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByLabelText('Profile menu'));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual([
      'Update Profile',
      'Downloads',
      'Logout',
    ]);
    act(() => vi.advanceTimersByTime(PROFILE_MENU_MS - 10));
    expect(screen.queryByRole('menu')).not.toBeNull();
    act(() => vi.advanceTimersByTime(20));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('shows the number of items on the cart link, in its name too, and nothing for an empty cart', () => {
    signInForTest({ role: 'learner', user: { name: 'Asha Rao', email: 'a@x.in' } });
    let count: number | undefined = 2;
    const layout = () => (
      <MemoryRouter>
        <LearnerLayout useCartCount={() => count} />
      </MemoryRouter>
    );
    const { rerender } = render(layout());
    const carts = screen.getAllByRole('link', { name: 'Cart, 2 items' });
    expect(carts.length).toBeGreaterThan(0);
    expect(carts[0]?.textContent).toContain('2');
    count = 1;
    rerender(layout());
    expect(screen.getAllByRole('link', { name: 'Cart, 1 item' }).length).toBeGreaterThan(0);
    count = 0;
    rerender(layout());
    const empty = screen.getAllByRole('link', { name: 'Cart' });
    expect(empty.every((a) => !a.querySelector('.cart-count'))).toBe(true);
    expect(cartLabel(undefined)).toBe('Cart');
  });

  it('names the heart and the cart in words in the phone menu', () => {
    signInForTest({ role: 'learner', user: { name: 'Asha Rao', email: 'a@x.in' } });
    render(
      <MemoryRouter>
        <LearnerLayout useCartCount={() => 3} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByLabelText('Toggle menu'));
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    expect(within(menu).getByRole('link', { name: 'Favourites' }).textContent).toBe('Favourites');
    expect(within(menu).getByRole('link', { name: 'Cart, 3 items' }).textContent).toBe('Cart3');
  });

  it('offers the three languages by their own names on a first visit, and speaks the one tapped, in the header too', async () => {
    render(
      <MemoryRouter>
        <LearnerLayout />
      </MemoryRouter>,
    );
    const choice = screen.getByRole('region', { name: /Choose your language/ });
    expect(
      within(choice)
        .getAllByRole('button')
        .map((b) => [b.textContent, b.getAttribute('lang')]),
    ).toEqual([
      ['English', 'en'],
      ['ಕನ್ನಡ', 'kn'],
      ['हिन्दी', 'hi'],
    ]);
    await act(async () => {
      fireEvent.click(within(choice).getByRole('button', { name: 'ಕನ್ನಡ' }));
      await Promise.resolve();
    });
    await screen.findAllByText('ಮುಖಪುಟ');
    expect(screen.queryByRole('region', { name: /Choose your language/ })).toBeNull();
    expect(document.documentElement.lang).toBe('kn');
    expect(localStorage.getItem('gia-language')).toBe('kn');

    const select = screen.getByRole('combobox', { name: 'ಭಾಷೆ' });
    expect((select as HTMLSelectElement).value).toBe('kn');
    await act(async () => {
      fireEvent.change(select, { target: { value: 'hi' } });
      await Promise.resolve();
    });
    await screen.findAllByText('होम');
    expect(screen.getAllByText('छात्र लॉगिन').length).toBeGreaterThan(0);
  });
});
