import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SetupPage } from './dashboard-pages.tsx';

describe('the Setup hub', () => {
  it('has no tile or back link to itself, and a tile for each catalogue screen', () => {
    render(
      <MemoryRouter initialEntries={['/Setup']}>
        <SetupPage />
      </MemoryRouter>,
    );

    const links = screen.getAllByRole('link');
    expect(links.filter((a) => a.getAttribute('href') === '/Setup')).toEqual([]);
    const main = within(screen.getByRole('main'));
    for (const name of ['Board', 'Class', 'Subject', 'Chapters', 'Topics', 'Testimonial']) {
      expect(main.getByRole('link', { name }).getAttribute('href')).toBe(`/${name}`);
    }
  });
});
