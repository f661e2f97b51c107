import { act, lazy, type ComponentType } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Boundary } from './boundary.tsx';
import { hydratingOver } from '../lib/hydration.ts';
import { chooseLanguage, useLanguage, useT } from '../lib/i18n.ts';

function Home() {
  const t = useT();
  return <p>{t('nav.home')}</p>;
}

const page = (Content: ComponentType) => (
  <MemoryRouter>
    <Boundary fallback={<p>…</p>}>
      <Content />
    </Boundary>
  </MemoryRouter>
);

beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  // The Kannada catalogue already in (as once fetched): the switch waits for nothing else.
  await chooseLanguage('kn', false);
  await chooseLanguage('en', false);
});

let hydrated: Root | undefined;

afterEach(async () => {
  act(() => hydrated?.unmount());
  await chooseLanguage('en', false);
  useLanguage.setState({ chosen: false });
  document.body.replaceChildren();
});

describe('a prerendered page hydrating while the learner picks a language (issue 33)', () => {
  it('switches only once each boundary is hydrated, so none is hydrated in the new language', async () => {
    // The page as the build wrote it: English, its content in a boundary.
    const root = document.createElement('div');
    root.innerHTML = renderToString(page(Home));
    document.body.append(root);
    // In the browser the page's code may come after the tap on ಕನ್ನಡ and its catalogue.
    let codeIn!: () => void;
    const code = new Promise<void>((resolve) => (codeIn = resolve));
    const LazyHome = lazy(async () => {
      await code;
      return { default: Home };
    });
    const mismatches: unknown[] = [];
    hydratingOver(root);
    await act(async () => {
      hydrated = hydrateRoot(root, page(LazyHome), {
        onRecoverableError: (e) => mismatches.push(e),
      });
    });

    const chosen = chooseLanguage('kn');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(root.textContent).toBe('Home');
    expect(useLanguage.getState().language).toBe('en');

    await act(async () => {
      codeIn();
      await code;
    });
    await act(() => chosen);
    expect(mismatches).toEqual([]);
    expect(useLanguage.getState().language).toBe('kn');
    expect(root.textContent).toBe('ಮುಖಪುಟ');
  });
});
