/*
 * `/search?q=…` (issue 34): the query field (results as the learner types, and on submit), the
 * chips narrowing to one class or subject, and the results grouped by topic. The URL holds the
 * query and the narrowing (`q`, `class`, `subject`), so a search can be shared, reloaded and gone
 * back to. Every search runs on the device, over the indexes of the classes searched
 * (search-api.ts); offline, over the indexes the saved chapters kept.
 */
import {
  memo,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { Link, useLocation, useNavigationType, useSearchParams } from 'react-router-dom';
import { searchIndexes } from '@gia/shared/search.ts';
import type { UiLanguage } from '@gia/shared/languages.ts';
import type { SearchResults, TopicHit } from '@gia/shared/search-types.ts';
import { SearchIcon } from '../../components/icons.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { LoadError } from '../../components/query-state.tsx';
import { useBoards, useClasses, useSubjectById } from '../../lib/catalogue-api.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { useLanguage, useT } from '../../lib/i18n.ts';
import { LINK_PARAMS } from '../../lib/links.ts';
import { useOnline } from '../../lib/online.ts';
import { usePurchased } from '../../lib/purchases-api.ts';
import { useSession } from '../../lib/session.ts';
import { useClassIndexes, useKeptIndexes, type OpenIndex } from '../../lib/search-index.ts';
import { SearchResultsList } from './search-results.tsx';
import './search.css';

/**
 * How long the URL waits after a keystroke before it follows the field (a word typed fast is one
 * history state, not one per letter). The search itself runs at each keystroke: it is on the
 * device, a few milliseconds, so the results follow the typing (issue 34: ≤ 100 ms p95).
 */
export const TYPING_MS = 150;
/** At most this many topics are shown. */
const LIMIT = 20;

/** The learner the saved packs belong to (as the downloads feature names them). */
function usePackOwner(): string | null {
  return useSession((s) =>
    s.isAuthenticated && s.role === 'learner' && s.user ? s.user.empid || s.user.email : null,
  );
}

/**
 * The classes a search runs over: the link's `class`; else the classes of the learner's subjects
 * and the class being browsed (the link's `subject`, else the last class chosen). A visitor has
 * only the class browsed; with none, the page asks for one.
 */
export function useSearchClasses(classParam?: string, subjectParam?: string) {
  const purchased = usePurchased();
  const subject = useSubjectById(classParam ? undefined : subjectParam);
  const chosenClass = useSession((s) => s.selections.class?.id);
  return useMemo(() => {
    if (classParam) return { classIds: [classParam], known: true };
    const ids = new Set<string>();
    for (const s of purchased.data ?? []) ids.add(s.class_id);
    const browsed = subject.data?.class_id ?? chosenClass;
    if (browsed) ids.add(browsed);
    // Still learning which: the purchases or the subject being read.
    const known = !purchased.isLoading && !subject.isLoading;
    return { classIds: [...ids].sort(), known };
  }, [
    classParam,
    purchased.data,
    purchased.isLoading,
    subject.data,
    subject.isLoading,
    chosenClass,
  ]);
}

/** No class to search: the learner picks a board, then a class. */
function PickClass({ onPick }: { onPick(classId: string): void }) {
  const t = useT();
  const boards = useBoards();
  const [boardId, setBoardId] = useState('');
  const classes = useClasses(boardId, Boolean(boardId));
  return (
    <div className="search-pick">
      <p>{t('search.pickClass')}</p>
      <label className="search-pick-field">
        <span>{t('search.board')}</span>
        <select value={boardId} onChange={(e) => setBoardId(e.target.value)}>
          <option value="">{t('search.chooseBoard')}</option>
          {(boards.data ?? []).map((b) => (
            <option key={b.board_id} value={b.board_id}>
              {b.board_name}
            </option>
          ))}
        </select>
      </label>
      {boardId && (
        <ul className="search-chips" aria-label={t('search.classes')}>
          {(classes.data ?? []).map((c) => (
            <li key={c.class_id}>
              <button type="button" className="search-chip" onClick={() => onPick(c.class_id)}>
                {c.class_name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The classes and subjects the results are in, for the chips (name from the topics' paths). */
function narrowingOf(topics: readonly TopicHit[]) {
  const classes = new Map<string, string>();
  const subjects = new Map<string, string>();
  for (const topic of topics) {
    classes.set(topic.class_id, topic.path[0] ?? topic.class_id);
    subjects.set(topic.subject_id, topic.path[1] ?? topic.subject_id);
  }
  return { classes: [...classes], subjects: [...subjects] };
}

function Chips({
  label,
  all,
  options,
  value,
  onChange,
}: {
  label: string;
  all: string;
  options: readonly (readonly [string, string])[];
  value: string | undefined;
  onChange(value: string | undefined): void;
}) {
  return (
    <ul className="search-chips" aria-label={label}>
      <li>
        <button
          type="button"
          className="search-chip"
          aria-pressed={value === undefined}
          onClick={() => onChange(undefined)}
        >
          {all}
        </button>
      </li>
      {options.map(([id, name]) => (
        <li key={id}>
          <button
            type="button"
            className="search-chip"
            aria-pressed={value === id}
            onClick={() => onChange(value === id ? undefined : id)}
          >
            {name}
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The chips that narrow to a class (or a subject): shown while one is chosen or the results span
 * more than one; the chosen one alone (`current` names it) when no result names it.
 */
function narrowChips(
  chosen: string | undefined,
  found: readonly (readonly [string, string])[],
  texts: { label: string; all: string; current: string; onChange(id: string | undefined): void },
) {
  if (!chosen && found.length <= 1) return null;
  const options = found.length ? found : chosen ? [[chosen, texts.current] as const] : [];
  return (
    <Chips
      label={texts.label}
      all={texts.all}
      options={options}
      value={chosen}
      onChange={texts.onChange}
    />
  );
}

const NO_RESULTS: SearchResults = { catalogue: [], topics: [] };

/** Changes to the URL's search params (`undefined` removes one); replacing the entry unless `push`. */
type Go = (changes: Record<string, string | undefined>, push?: boolean) => void;

/**
 * The history state of the URLs the field writes. The router brings a URL to the page in a
 * transition, which can land after the field has moved on (typing fast on a slow phone): the
 * field must not take back a query it wrote itself, only one from outside (a link, back).
 */
export const FROM_FIELD = { searchField: true } as const;
const fromField = (state: unknown) =>
  typeof state === 'object' && state !== null && 'searchField' in state;

interface SearchBoxProps {
  /** The URL's query when it came from outside (a link, back or forward), else null. */
  given: string | null;
  indexes: readonly OpenIndex[];
  language: UiLanguage;
  classParam: string | undefined;
  subjectParam: string | undefined;
  owned: ReadonlySet<string>;
  /** Indexes still loading (or the classes to search not yet known). */
  loading: boolean;
  /** No class to search: the learner is asked for one. */
  noClass: boolean;
  /** Shown under the field (offline), and under the chips (indexes not ready or failed). */
  note: ReactNode;
  notices: ReactNode;
  go: Go;
}

/**
 * The field, the chips and the results: the one part of the page a keystroke renders again (the
 * page around it — the URL, the classes, the indexes — renders when those change). The search
 * runs in the keystroke's own render: it is on the device, a few milliseconds, so the results
 * follow the typing (issue 34: ≤ 100 ms p95 on a 4× slowed CPU).
 */
const SearchBox = memo(function SearchBox({
  given,
  indexes,
  language,
  classParam,
  subjectParam,
  owned,
  loading,
  noClass,
  note,
  notices,
  go,
}: SearchBoxProps) {
  const t = useT();
  // The field's text; the URL follows it TYPING_MS after the last keystroke (at once on submit),
  // replacing its state rather than adding one per keystroke.
  const [text, setText] = useState(given ?? '');
  // The query the URL has (or is about to have): the field's last one written, or the one given.
  const typed = useRef(text);
  useEffect(() => {
    if (given !== null && given !== typed.current) {
      typed.current = given;
      setText(given);
    }
  }, [given]);
  // Each change of the URL carries the field's text too (a chip tapped while the URL has not
  // yet followed the typing keeps the query).
  const follow = (changes: Record<string, string | undefined> = {}, push = false) => {
    typed.current = text;
    go({ q: text.trim() ? text : undefined, ...changes }, push);
  };
  useEffect(() => {
    if (text === typed.current) return;
    // A result tapped meanwhile has already left for its page (whose code may still be loading,
    // this page still on screen): the search's URL must not take that page's place.
    const from = window.location.href;
    const timer = setTimeout(() => {
      if (window.location.href === from) follow();
    }, TYPING_MS);
    return () => clearTimeout(timer);
    // follow is remade each render; the typed text is what starts the wait.
  }, [text]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    follow();
  };

  const query = text.trim();
  const results = useMemo(
    () =>
      query && indexes.length
        ? searchIndexes(indexes, query, {
            language,
            limit: LIMIT,
            ...(subjectParam && { subjectId: subjectParam }),
          })
        : NO_RESULTS,
    [indexes, query, language, subjectParam],
  );
  const narrowing = useMemo(() => narrowingOf(results.topics), [results]);
  const found = results.catalogue.length + results.topics.length > 0;

  return (
    // What is shown, for the benchmark (scripts/src/bench/search-timing.ts): the query the
    // results are of.
    <div data-search-for={query}>
      <form role="search" className="search-form" onSubmit={submit}>
        <label htmlFor="search-query" className="sr-only">
          {t('search.label')}
        </label>
        <input
          id="search-query"
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          value={text}
          placeholder={t('search.placeholder')}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="btn btn-primary" aria-label={t('search.submit')}>
          <SearchIcon />
        </button>
      </form>
      {note}
      {noClass ? (
        <PickClass onPick={(id) => follow({ [LINK_PARAMS.class]: id }, true)} />
      ) : (
        <>
          {narrowChips(classParam, narrowing.classes, {
            label: t('search.classes'),
            all: t('search.allClasses'),
            current: t('search.thisClass'),
            onChange: (id) => follow({ [LINK_PARAMS.class]: id }, true),
          })}
          {narrowChips(subjectParam, narrowing.subjects, {
            label: t('search.subjects'),
            all: t('search.allSubjects'),
            current: t('search.thisSubject'),
            onChange: (id) => follow({ [LINK_PARAMS.subject]: id }, true),
          })}
          {notices}
          {loading && !found ? (
            <p className="loading" role="status">
              {t('search.loading')}
            </p>
          ) : !query ? (
            <p className="search-note">{t('search.start')}</p>
          ) : found ? (
            <SearchResultsList results={results} owned={owned} />
          ) : indexes.length > 0 ? (
            <div className="search-empty" role="status">
              <p>{t('search.empty', { query })}</p>
              <p className="muted">{t('search.emptyHint')}</p>
              {(classParam || subjectParam) && (
                <Link to={`/search?q=${encodeURIComponent(text)}`}>{t('search.everywhere')}</Link>
              )}
            </div>
          ) : null}
        </>
      )}
    </div>
  );
});

export function SearchPage() {
  const t = useT();
  useDocumentTitle(t('search.title'));
  const language = useLanguage((s) => s.language);
  const online = useOnline();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigationType = useNavigationType();
  const q = params.get('q') ?? '';
  const given = navigationType === 'POP' || !fromField(location.state) ? q : null;
  const classParam = params.get(LINK_PARAMS.class) ?? undefined;
  const subjectParam = params.get(LINK_PARAMS.subject) ?? undefined;
  const go = useCallback<Go>(
    (changes, push = false) =>
      setParams(
        (before) => {
          const next = new URLSearchParams(before);
          for (const [name, value] of Object.entries(changes)) {
            if (value) next.set(name, value);
            else next.delete(name);
          }
          return next;
        },
        { replace: !push, state: FROM_FIELD },
      ),
    [setParams],
  );

  const { classIds, known } = useSearchClasses(classParam, subjectParam);
  const owner = usePackOwner();
  const states = useClassIndexes(classIds, online);
  const kept = useKeptIndexes(owner, !online);
  const loaded: OpenIndex[] = online
    ? states.flatMap((s) => (s.index ? [s.index] : []))
    : (kept.data ?? []);
  // The same indexes from one render to the next (the states are new each render): an index is
  // known by its class and build time.
  const loadedKey = loaded.map((i) => `${i.classId}@${i.builtAt}`).join(' ');
  const indexes = useMemo(() => loaded, [loadedKey]);
  const purchased = usePurchased();
  const owned = useMemo(
    () => new Set((purchased.data ?? []).map((s) => s.subject_id)),
    [purchased.data],
  );

  const loading = online ? states.some((s) => s.pending) || !known : kept.isPending;
  const failed = online ? states.filter((s) => s.failed) : [];
  const notReady = online ? states.filter((s) => s.notReady) : [];
  const noClass = online && known && classIds.length === 0;

  return (
    // How many indexes are open, for the benchmark (scripts/src/bench/search-timing.ts).
    <div className="container search-page" data-indexes={indexes.length}>
      <PageHeading title={t('search.title')} />
      <SearchBox
        given={given}
        indexes={indexes}
        language={language}
        classParam={classParam}
        subjectParam={subjectParam}
        owned={owned}
        loading={loading}
        noClass={noClass}
        go={go}
        note={
          !online && (
            <p className="search-note" role="status">
              {kept.data?.length ? t('search.offlineSaved') : t('search.offlineNone')}
            </p>
          )
        }
        notices={
          <>
            {notReady.length > 0 && (
              <p className="search-note" role="status">
                {t('search.notReady', { count: notReady.length })}
              </p>
            )}
            {failed.length > 0 && (
              <LoadError what={t('search.what')} onRetry={() => failed.forEach((s) => s.retry())} />
            )}
          </>
        }
      />
    </div>
  );
}
