import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { LEARNER_MESSAGES } from '@gia/shared/messages.ts';
import { HeartIcon } from './icons.tsx';
import { toast } from './toast.tsx';
import { errorMessage } from '../lib/api-client.ts';
import { hasSession, useSession } from '../lib/session.ts';
import {
  str,
  useAddToCart,
  useFavouriteActions,
  useFavourites,
  usePurchased,
  type Rec,
} from '../lib/catalogue-api.ts';

export const DEFAULT_IMAGE =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 480 270'%3E%3Crect width='480' height='270' fill='%23dbeafe'/%3E%3Ctext x='240' y='150' font-family='Arial' font-size='40' font-weight='700' text-anchor='middle' fill='%231e3a8a'%3EGIA SCHOOL%3C/text%3E%3C/svg%3E";

export const NOT_BOUGHT = "You haven't bought the course !!";

/** A catalogue card: image, title and whatever else the screen shows. */
export function Card(props: {
  /** Above the fold: load the image at once (it is likely the largest paint). */
  eager?: boolean;
  image?: unknown;
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
          src={str(props.image) || DEFAULT_IMAGE}
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
export function RatingText({ rating }: { rating: unknown }) {
  const r = rating as { average_rating?: number; review_count?: number } | null | undefined;
  if (!r?.review_count) return null;
  return (
    <p
      className="rating"
      aria-label={`Rated ${r.average_rating} out of 5 from ${r.review_count} reviews`}
    >
      ★ {r.average_rating?.toFixed(1)} ({r.review_count})
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
  const owned = new Set((purchased.data ?? []).map((p) => str(p.subject_id)));
  return (s: Rec) => owned.has(str(s.subject_id)) || s.free_course === true;
}

/** The heart of a subject card: adds or removes the favourite. */
export function FavouriteHeart({ subject }: { subject: Rec }) {
  const favourites = useFavourites();
  const { add, remove } = useFavouriteActions();
  const navigate = useNavigate();
  const existing = (favourites.data ?? []).find((f) => f.subject_id === subject.subject_id);
  async function toggle() {
    if (!hasSession('learner')) return navigate('/signin?redirect=%2FGetSubject');
    try {
      const res = existing
        ? await remove.mutateAsync(str(existing.favorite_id))
        : await add.mutateAsync(str(subject.subject_id));
      toast.success(res.message);
    } catch (err) {
      toast.error(
        errorMessage(err, existing ? 'Failed to remove favorite' : 'Failed to add favorite'),
      );
    }
  }
  return (
    <button
      type="button"
      className={`heart ${existing ? 'is-on' : ''}`}
      aria-label={existing ? 'Remove from favourites' : 'Add to favourites'}
      aria-pressed={Boolean(existing)}
      onClick={toggle}
    >
      <HeartIcon filled={Boolean(existing)} />
    </button>
  );
}

/** 'Add to Cart' for a subject. */
export function AddToCartButton({ subjectId }: { subjectId: string }) {
  const add = useAddToCart();
  const navigate = useNavigate();
  async function click() {
    if (!hasSession('learner')) return navigate('/signin?redirect=%2FGetSubject');
    try {
      await add.mutateAsync(subjectId);
      toast.success(LEARNER_MESSAGES.cartAdded);
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to add to cart'));
    }
  }
  return (
    <button
      type="button"
      className="btn btn-primary btn-small"
      onClick={click}
      disabled={add.isPending}
    >
      Add to Cart
    </button>
  );
}
