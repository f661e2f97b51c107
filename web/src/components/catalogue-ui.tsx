import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { ClassRecord, SubjectRecord } from '@gia/shared/catalogue-records.ts';
import { rupee } from '../lib/format.ts';
import { usePurchased } from '../lib/purchases-api.ts';
import { useSession } from '../lib/session.ts';

export const DEFAULT_IMAGE =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 480 270'%3E%3Crect width='480' height='270' fill='%23dbeafe'/%3E%3Ctext x='240' y='150' font-family='Arial' font-size='40' font-weight='700' text-anchor='middle' fill='%231e3a8a'%3EGIA SCHOOL%3C/text%3E%3C/svg%3E";

export const NOT_BOUGHT = "You haven't bought the course !!";

/** A catalogue card: image, title and whatever else the screen shows. */
export function Card(props: {
  /** Above the fold: load the image at once (it is likely the largest paint). */
  eager?: boolean;
  /** The record's image url (a default picture when it has none). */
  image?: string | null;
  title: string;
  onOpen?: () => void;
  children?: ReactNode;
  badge?: string;
}) {
  return (
    <article className="cat-card">
      <button
        type="button"
        className="cat-card-open"
        onClick={props.onOpen}
        aria-label={`Open ${props.title}`}
      >
        <img
          src={props.image || DEFAULT_IMAGE}
          alt=""
          width={480}
          height={270}
          loading={props.eager ? 'eager' : 'lazy'}
          fetchPriority={props.eager ? 'high' : 'auto'}
        />
        {props.badge && <span className="badge">{props.badge}</span>}
      </button>
      <div className="cat-card-body">
        <h3>{props.title}</h3>
        {props.children}
      </div>
    </article>
  );
}

/** The real rating of a class or subject, once it has reviews (nothing before). */
export function RatingText({ rating: r }: { rating: ClassRecord['rating'] }) {
  if (!r?.review_count) return null;
  return (
    <p
      className="rating"
      aria-label={`Rated ${r.average_rating} out of 5 from ${r.review_count} reviews`}
    >
      ★ {r.average_rating.toFixed(1)} ({r.review_count})
    </p>
  );
}

/** Board › Class › Subject › … with each part leading back to its screen. */
export function Breadcrumb() {
  const s = useSession((x) => x.selections);
  const parts: [string | undefined, string][] = [
    [s.board?.name, '/Getboard'],
    [s.class?.name, '/GetClasses'],
    [s.subject?.name, '/GetSubject'],
    [s.subSubject?.name, '/GetSubSubject'],
  ];
  const shown = parts.filter(([name]) => name);
  if (!shown.length) return null;
  return (
    <nav className="breadcrumb" aria-label="Breadcrumb">
      {shown.map(([name, to], i) => (
        <span key={to}>
          {i > 0 && ' › '}
          <Link to={to}>{name}</Link>
        </span>
      ))}
    </nav>
  );
}

/** Whether the learner may open a subject: bought, or a free course. */
export function useCanOpen() {
  const purchased = usePurchased();
  const owned = new Set((purchased.data ?? []).map((p) => p.subject_id));
  return (s: SubjectRecord) => owned.has(s.subject_id) || s.free_course === true;
}

/**
 * A class's card as the class lists show it: board, price ('Free' for a free course), rating.
 * `inBoard`: the list of one chosen board, which shows neither the board nor 'Free'.
 */
export function ClassCard(props: {
  cls: ClassRecord;
  eager?: boolean;
  onOpen(): void;
  inBoard?: boolean;
  /** What a missing price shows ('N/A' unless the screen says otherwise). */
  missingPrice?: string;
  children?: ReactNode;
}) {
  const c = props.cls;
  const free = c.free_course === true && !props.inBoard;
  return (
    <Card
      eager={props.eager}
      image={c.class_image_url}
      title={c.class_name}
      badge={c.free_course === true ? 'FREE' : undefined}
      onOpen={props.onOpen}
    >
      {!props.inBoard && <p className="muted">{c.board_name ?? ''}</p>}
      <p className="price">{free ? 'Free' : rupee(c.class_price, props.missingPrice)}</p>
      <RatingText rating={c.rating} />
      {props.children}
    </Card>
  );
}

/** A subject of one of the learner's lists, with the class and board it belongs to. */
export interface SubjectInClass {
  board_id: string;
  board_name: string;
  class_id: string;
  class_name: string;
  subject_id: string;
  subject_name: string;
}

/** Opens a subject from the learner's lists: chooses its board, class and subject, then its sub-subjects. */
export function useOpenSubject() {
  const select = useSession((s) => s.select);
  const navigate = useNavigate();
  return (s: SubjectInClass) => {
    select('board', { id: s.board_id, name: s.board_name });
    select('class', { id: s.class_id, name: s.class_name });
    select('subject', { id: s.subject_id, name: s.subject_name });
    navigate('/GetSubSubject');
  };
}
