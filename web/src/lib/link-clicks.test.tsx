import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useLinkClicks } from './link-clicks.ts';

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

function List() {
  const onClick = useLinkClicks();
  return (
    <div onClick={onClick}>
      <a href="/Notes?topic=t1&page=2">
        <span>Notes p. 2</span>
      </a>
      <a href="/Notes?topic=t2" target="_blank">
        Notes in a new tab
      </a>
      <a href="https://example.com/">Elsewhere</a>
      <button type="button">Not a link</button>
    </div>
  );
}

function show() {
  render(
    <MemoryRouter initialEntries={['/search?q=x']}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <List />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
  return () => screen.getByTestId('where').textContent;
}

describe('useLinkClicks', () => {
  it('moves within the app on a plain click on a link (or on what is inside it)', () => {
    const where = show();
    const click = fireEvent.click(screen.getByText('Notes p. 2'));
    expect(click).toBe(false); // the browser's own navigation was prevented
    expect(where()).toBe('/Notes?topic=t1&page=2');
  });

  it('leaves to the browser a modified click, another window, another origin and a non-link', () => {
    const where = show();
    expect(fireEvent.click(screen.getByText('Notes p. 2'), { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(screen.getByText('Notes p. 2'), { button: 1 })).toBe(true);
    expect(fireEvent.click(screen.getByText('Notes in a new tab'))).toBe(true);
    expect(fireEvent.click(screen.getByText('Elsewhere'))).toBe(true);
    fireEvent.click(screen.getByText('Not a link'));
    expect(where()).toBe('/search?q=x');
  });
});
