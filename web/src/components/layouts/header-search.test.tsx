import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseLanguage, useLanguage } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { signInForTest } from '../../test/session.ts';
import { searchPath } from './header-search.tsx';
import { LearnerLayout } from './learner-layout.tsx';

afterEach(async () => {
  await chooseLanguage('en', false);
  useLanguage.setState({ chosen: false });
  useSession.setState({ isAuthenticated: false, role: null, user: null });
});

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

/** The learner frame on a phone (360 px wide) at `url`. */
function showAt(url: string) {
  window.innerWidth = 360;
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route element={<LearnerLayout useCartCount={() => 3} />}>
          <Route path="*" element={<Where />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

describe('the header search', () => {
  it('is one icon button in the header that opens the field, focused', () => {
    signInForTest({ role: 'learner', user: { name: 'Asha Rao', email: 'a@x.in' } });
    showAt('/MyCourse');
    const header = document.querySelector('.site-header')!;
    const toggle = screen.getByRole('button', { name: 'Search' });
    expect(header.contains(toggle)).toBe(true);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    // Closed, the header holds no field (it adds no width at 360 px).
    expect(screen.queryByRole('searchbox')).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const field = screen.getByRole('searchbox', { name: 'Search lessons' });
    expect(document.activeElement).toBe(field);
    // Escape folds it away.
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('goes to the results page, keeping the class and subject of the page it was made on', () => {
    showAt('/GetSubSubject?subject=S1&class=C10&chapter=X');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const field = screen.getByRole('searchbox', { name: 'Search lessons' });
    // An empty query goes nowhere.
    fireEvent.submit(field.closest('form')!);
    expect(screen.getByTestId('where').textContent).toBe(
      '/GetSubSubject?subject=S1&class=C10&chapter=X',
    );
    fireEvent.change(field, { target: { value: ' euclid lemma ' } });
    fireEvent.submit(field.closest('form')!);
    expect(screen.getByTestId('where').textContent).toBe(
      '/search?q=euclid+lemma&class=C10&subject=S1',
    );
    // Another page: the field folded away.
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('speaks the interface’s language', async () => {
    await chooseLanguage('kn', false);
    showAt('/');
    fireEvent.click(screen.getByRole('button', { name: 'ಹುಡುಕಿ' }));
    expect(screen.getByRole('searchbox', { name: 'ಪಾಠಗಳನ್ನು ಹುಡುಕಿ' })).toBeTruthy();
  });
});

describe('a search path', () => {
  it('carries only the query, class and subject', () => {
    expect(searchPath('ಪ್ರಕಾಶ', new URLSearchParams('topic=T1&board=B1'))).toBe(
      `/search?q=${encodeURIComponent('ಪ್ರಕಾಶ')}`,
    );
  });
});
