import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { CloseIcon, SearchIcon } from '../icons.tsx';
import { useT } from '../../lib/i18n.ts';
import { LINK_PARAMS } from '../../lib/links.ts';

/**
 * Where a search from the header goes: `/search?q=…`, keeping the class and subject of the page
 * it was made on (a learner reading Class 10's Mathematics searches there first).
 */
export function searchPath(query: string, here: URLSearchParams): string {
  const params = new URLSearchParams({ q: query.trim() });
  for (const name of [LINK_PARAMS.class, LINK_PARAMS.subject]) {
    const value = here.get(name);
    if (value) params.set(name, value);
  }
  return `/search?${params.toString()}`;
}

/**
 * The header's search (issue 34), on every learner screen: an icon button (it fits beside the
 * cart, language and menu at 360 px) that opens a field the width of the header below them.
 * Submitting opens the results page; Escape or the close button folds the field away.
 */
export function HeaderSearch() {
  const t = useT();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const field = useRef<HTMLInputElement>(null);
  // Another page: the field folds away (the results page has its own).
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (open) field.current?.focus();
  }, [open]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    setOpen(false);
    navigate(searchPath(text, new URLSearchParams(search)));
  };

  return (
    <>
      <button
        type="button"
        className="header-search-toggle"
        aria-label={t('nav.search')}
        aria-expanded={open}
        aria-controls="header-search"
        onClick={() => setOpen(!open)}
      >
        <SearchIcon />
      </button>
      {open && (
        <form
          id="header-search"
          role="search"
          className="header-search"
          onSubmit={submit}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setOpen(false);
          }}
        >
          <input
            ref={field}
            type="search"
            enterKeyHint="search"
            autoComplete="off"
            aria-label={t('nav.searchField')}
            placeholder={t('nav.searchField')}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" className="btn btn-primary" aria-label={t('nav.search')}>
            <SearchIcon />
          </button>
          <button
            type="button"
            className="icon-btn"
            aria-label={t('nav.searchClose')}
            onClick={() => setOpen(false)}
          >
            <CloseIcon />
          </button>
        </form>
      )}
    </>
  );
}
