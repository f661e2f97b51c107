import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ClassRecord, SubjectRecord } from '@gia/shared/catalogue-records.ts';
import type { Language } from '@gia/shared/catalogue.ts';
import { rupee } from '../lib/format.ts';
import { currentLocale, t, useT } from '../lib/i18n.ts';
import { usePurchased } from '../lib/purchases-api.ts';
import { links } from '../lib/links.ts';
import { LEVELS, useSession, type Selections } from '../lib/session.ts';
import { toast } from './toast.tsx';

export const DEFAULT_IMAGE =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 480 270'%3E%3Crect width='480' height='270' fill='%23dbeafe'/%3E%3Ctext x='240' y='150' font-family='Arial' font-size='40' font-weight='700' text-anchor='middle' fill='%231e3a8a'%3EGIA SCHOOL%3C/text%3E%3C/svg%3E";

/** The contract's words for a subject the learner has not bought (English). */
export const NOT_BOUGHT = "You haven't bought the course !!";
/** {@link NOT_BOUGHT} in the interface's language, at the moment it is shown. */
export const notBoughtText = () => t('catalogue.notBought');

/**
 * Each medium of instruction by its BCP 47 code, so `Intl.DisplayNames` names it in the
 * learner's language (Kannada, ಕನ್ನಡ, कन्नड़) instead of a table of names per language here.
 */
const MEDIUM_CODES: Record<Language, string> = {
  english: 'en',
  kannada: 'kn',
  hindi: 'hi',
  tamil: 'ta',
  telugu: 'te',
  marathi: 'mr',
  bengali: 'bn',
  malayalam: 'ml',
  punjabi: 'pa',
  gujarati: 'gu',
  urdu: 'ur',
  french: 'fr',
  spanish: 'es',
  german: 'de',
  italian: 'it',
  dutch: 'nl',
  portuguese: 'pt',
  russian: 'ru',
  japanese: 'ja',
  chinese: 'zh',
};

/** Every medium of instruction, in the order a filter offers them (English, Kannada, Hindi…). */
export const MEDIA = Object.keys(MEDIUM_CODES) as Language[];

/** A class's or subject's medium of instruction (`english` where the record gives none). */
export const mediumOf = (record: { medium?: Language }): Language => record.medium ?? 'english';

/** A catalogue language ("kannada") by its name in the interface's language (ಕನ್ನಡ, कन्नड़). */
export const languageName = (language: Language): string =>
  new Intl.DisplayNames([currentLocale()], { type: 'language' }).of(MEDIUM_CODES[language]) ??
  language;

/** "Kannada medium" (ಕನ್ನಡ ಮಾಧ್ಯಮ, कन्नड़ माध्यम) in the interface's language. */
export function mediumName(medium: Language): string {
  return t('catalogue.medium', { language: languageName(medium) });
}

/** The "Kannada medium" tag of a class or subject, shown only when it is not taught in English. */
export function MediumTag({ medium }: { medium?: Language }) {
  useT();
  if (!medium || medium === 'english') return null;
  return <span className="subject-tag medium-tag">{mediumName(medium)}</span>;
}

/**
 * A catalogue card: image and title are one link (`to`: a real `<a href>` that can be opened in a
 * new tab, long-pressed or shared), then whatever else the screen shows (`children`: its buttons
 * stay outside the link). `onOpen` runs on a click of the link before it is followed (it may
 * `preventDefault()`). Without `to` (a screen with no URL to give) the picture is a button
 * ("Open <title>") that runs `onOpen`.
 */
export function Card(props: {
  /** Above the fold: load the image at once (it is likely the largest paint). */
  eager?: boolean;
  /** The record's image url (a default picture when it has none). */
  image?: string | null;
  title: string;
  to?: string;
  onOpen?: (event: MouseEvent<HTMLElement>) => void;
  children?: ReactNode;
  badge?: string;
}) {
  useT();
  const image = (
    <img
      src={props.image || DEFAULT_IMAGE}
      alt=""
      width={480}
      height={270}
      loading={props.eager ? 'eager' : 'lazy'}
      fetchPriority={props.eager ? 'high' : 'auto'}
    />
  );
  // Drawn on the image, but read after the title: the link is "Physics FREE".
  const badge = props.badge && <span className="badge">{props.badge}</span>;
  if (props.to === undefined) {
    // Without a URL: the picture is a button, the title a heading beside it (as before links).
    return (
      <article className="cat-card">
        <button
          type="button"
          className="cat-card-open"
          onClick={props.onOpen}
          aria-label={t('catalogue.open', { title: props.title })}
        >
          {image}
          {badge}
        </button>
        <div className="cat-card-body">
          <h3 className="cat-card-title">{props.title}</h3>
          {props.children}
        </div>
      </article>
    );
  }
  return (
    <article className="cat-card">
      <Link to={props.to} className="cat-card-open" onClick={props.onOpen}>
        {image}
        <h3 className="cat-card-title">{props.title}</h3>
        {badge}
      </Link>
      {props.children && <div className="cat-card-body">{props.children}</div>}
    </article>
  );
}

/** The real rating of a class or subject, once it has reviews (nothing before). */
export function RatingText({ rating: r }: { rating: ClassRecord['rating'] }) {
  const t = useT();
  if (!r?.review_count) return null;
  return (
    <p
      className="rating"
      aria-label={t('common.rated', { rating: r.average_rating, count: r.review_count })}
    >
      ★ {r.average_rating.toFixed(1)} ({r.review_count})
    </p>
  );
}

/**
 * Where a breadcrumb part leads: back to the list it was chosen from (the specification's
 * /Getboard, /GetClasses, /GetSubject, /GetSubSubject, …), with the id of the record above it.
 */
const crumbLink = (level: keyof Selections, s: Selections): string => {
  switch (level) {
    case 'board':
      return links.boards();
    case 'class':
      return s.board ? links.classes(s.board.id) : links.boards();
    case 'subject':
      return s.class ? links.subjects(s.class.id) : links.boards();
    case 'subSubject':
      return s.subject ? links.subSubjects(s.subject.id) : links.boards();
    case 'chapter':
      return s.subSubject ? links.chapters(s.subSubject.id) : links.boards();
  }
};

/**
 * Board › Class › Subject › … from the selections, each part leading back to the list it was
 * chosen from. `upTo`: the screen's level (the levels below it are not shown); with `at`, the id
 * the screen shows at that level, the breadcrumb waits until the selections have caught up with it
 * (a deep link sets them once its records are in).
 */
export function Breadcrumb({ upTo, at }: { upTo?: keyof Selections; at?: string }) {
  const s = useSession((x) => x.selections);
  const t = useT();
  if (upTo && at !== undefined && s[upTo]?.id !== at) return null;
  const levels = upTo ? LEVELS.slice(0, LEVELS.indexOf(upTo) + 1) : LEVELS;
  const shown = levels.flatMap((level) => {
    const chosen = s[level];
    return chosen?.name ? [{ level, name: chosen.name }] : [];
  });
  if (!shown.length) return null;
  return (
    <nav className="breadcrumb" aria-label={t('catalogue.breadcrumb')}>
      <ol>
        {shown.map((part) => (
          <li key={part.level}>
            <Link to={crumbLink(part.level, s)}>{part.name}</Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** Whether the learner may open a subject: bought, or a free course. */
export function useCanOpen() {
  const purchased = usePurchased();
  const owned = new Set((purchased.data ?? []).map((p) => p.subject_id));
  return (s: Pick<SubjectRecord, 'subject_id' | 'free_course'>) =>
    owned.has(s.subject_id) || s.free_course === true;
}

/**
 * Where a subject's card leads: its sub-subjects for a learner who may open it; else its subject
 * page (what it contains, free previews, buying), with the contract's "You haven't bought the
 * course !!" on the way.
 */
export function useSubjectLink() {
  const canOpen = useCanOpen();
  return (s: Pick<SubjectRecord, 'subject_id' | 'free_course'>) =>
    canOpen(s)
      ? { to: links.subSubjects(s.subject_id) }
      : { to: links.subject(s.subject_id), onOpen: () => toast.info(notBoughtText()) };
}

/**
 * A class's card as the class lists show it: board, price ('Free' for a free course), rating.
 * `inBoard`: the list of one chosen board, which shows neither the board nor 'Free'.
 * `withoutPrice`: no price, only 'Free' for a free course (the landing: a class cannot be
 * bought, its subjects are, so a class price would promise what the cart does not sell).
 * It links to `to`, by default the class's page; given only `onOpen`, it is a button.
 */
export function ClassCard(props: {
  cls: ClassRecord;
  eager?: boolean;
  to?: string;
  onOpen?: () => void;
  inBoard?: boolean;
  withoutPrice?: boolean;
  children?: ReactNode;
}) {
  const t = useT();
  const c = props.cls;
  const free = c.free_course === true && !props.inBoard;
  const to = props.to ?? (props.onOpen ? undefined : links.classDetail(c.class_id));
  return (
    <Card
      eager={props.eager}
      image={c.class_image_url}
      title={c.class_name}
      badge={c.free_course === true ? t('catalogue.freeBadge') : undefined}
      to={to}
      onOpen={props.onOpen}
    >
      {!props.inBoard && <p className="muted">{c.board_name ?? ''}</p>}
      <MediumTag medium={c.medium} />
      {free ? (
        <p className="price">{t('common.free')}</p>
      ) : (
        !props.withoutPrice && <p className="price">{rupee(c.class_price)}</p>
      )}
      <RatingText rating={c.rating} />
      {props.children}
    </Card>
  );
}

/**
 * A subject's card as the subject lists show it: picture and name (FREE badge), price and rating,
 * then `children` (the screen's buttons). `inAllClasses`: the list of every class's subjects, which
 * names the subject's class and board and prices a free subject 'Free'; a class's own list does
 * not, and leaves a free subject's price to its action (never ₹0). It links to `to`, by default
 * the subject's page; `onOpen` runs on a click first.
 */
export function SubjectCard(props: {
  subject: SubjectRecord;
  eager?: boolean;
  to?: string;
  onOpen?: (event: MouseEvent<HTMLElement>) => void;
  inAllClasses?: boolean;
  children?: ReactNode;
}) {
  const t = useT();
  const s = props.subject;
  const free = s.free_course === true;
  return (
    <Card
      eager={props.eager}
      image={s.subject_image_url}
      title={s.subject_name}
      badge={free ? t('catalogue.freeBadge') : undefined}
      to={props.to ?? (props.onOpen ? undefined : links.subject(s.subject_id))}
      onOpen={props.onOpen}
    >
      {props.inAllClasses && (
        <p className="muted">
          {s.class_name ?? ''} · {s.board_name ?? ''}
        </p>
      )}
      <MediumTag medium={s.medium} />
      {props.inAllClasses && free ? (
        <p className="price">{t('common.free')}</p>
      ) : (
        !free && <p className="price">{rupee(s.subject_price)}</p>
      )}
      <RatingText rating={s.rating} />
      {props.children}
    </Card>
  );
}
