import { act, render } from '@testing-library/react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollToTop } from './scroll-to-top.tsx';

let navigate: NavigateFunction;
function Navigator() {
  navigate = useNavigate();
  return null;
}

afterEach(() => vi.restoreAllMocks());

describe('ScrollToTop', () => {
  it('starts a new page at its top, but not a change of the query or a move back', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/search?q=lens']}>
        <ScrollToTop />
        <Navigator />
      </MemoryRouter>,
    );
    scrollTo.mockClear();
    act(() => navigate('/GetTopic?chapter=c1&topic=t1&t=42'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockClear();
    act(() => navigate('/GetTopic?chapter=c1&topic=t2'));
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => navigate(-2));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
