import { HeartIcon } from '../../components/icons.tsx';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { LEARNER_MESSAGES } from '@gia/shared';
import { PageHeading } from '../../components/page-heading.tsx';
import { toast } from '../../components/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { hasSession, useSession } from '../../lib/session.ts';
import {
  PRICE_BANDS,
  rupee,
  str,
  useAddToCart,
  useBoards,
  useChapters,
  useClasses,
  useFavouriteActions,
  useFavourites,
  usePurchased,
  useSubjects,
  useSubSubjects,
  type Rec,
} from './api.ts';

export const DEFAULT_IMAGE =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 480 270'%3E%3Crect width='480' height='270' fill='%23dbeafe'/%3E%3Ctext x='240' y='150' font-family='Arial' font-size='40' font-weight='700' text-anchor='middle' fill='%231e3a8a'%3EGIA SCHOOL%3C/text%3E%3C/svg%3E";

export const NOT_BOUGHT = "You haven't bought the course !!";

/** A catalogue card: image, title and whatever else the screen shows. */
export function Card(props: {
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
          loading="lazy"
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

function Grid({
  loading,
  empty,
  children,
}: {
  loading: boolean;
  empty: string;
  children: ReactNode[];
}) {
  if (loading) return <p className="loading">Loading...</p>;
  if (!children.length) return <p className="empty">{empty}</p>;
  return <div className="cat-grid">{children}</div>;
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

/** `/GetBoard`. */
export function ChooseBoardPage() {
  const boards = useBoards();
  const select = useSession((s) => s.select);
  const navigate = useNavigate();
  return (
    <>
      <PageHeading title="Choose Board" />
      <Grid loading={boards.isLoading} empty="No boards available.">
        {(boards.data ?? []).map((b) => (
          <Card
            key={str(b.board_id)}
            image={b.image_url}
            title={str(b.board_name)}
            badge={b.free_course === true ? 'FREE' : undefined}
            onOpen={() => {
              select('board', { id: str(b.board_id), name: str(b.board_name) });
              navigate('/GetClasses');
            }}
          />
        ))}
      </Grid>
    </>
  );
}

/** `/GetClasses`: the board's classes, filtered by name and price band. */
export function ChooseClassPage() {
  const board = useSession((s) => s.selections.board);
  const select = useSession((s) => s.select);
  const navigate = useNavigate();
  const classes = useClasses(board?.id);
  const [name, setName] = useState('');
  const [band, setBand] = useState<keyof typeof PRICE_BANDS>('all');
  const shown = (classes.data ?? []).filter(
    (c) =>
      str(c.class_name).toLowerCase().includes(name.trim().toLowerCase()) &&
      PRICE_BANDS[band].test(Number(c.class_price ?? 0)),
  );
  return (
    <>
      <PageHeading title="Choose Class" />
      <Breadcrumb />
      <div className="filters">
        <div className="field">
          <label htmlFor="class-filter">Class Name</label>
          <input id="class-filter" value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="price-filter">Price</label>
          <select
            id="price-filter"
            value={band}
            onChange={(e) => setBand(e.target.value as keyof typeof PRICE_BANDS)}
          >
            {Object.entries(PRICE_BANDS).map(([k, v]) => (
              <option key={k} value={k}>
                {v.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Grid loading={classes.isLoading} empty="No classes available.">
        {shown.map((c) => (
          <Card
            key={str(c.class_id)}
            image={c.class_image_url}
            title={str(c.class_name)}
            badge={c.free_course === true ? 'FREE' : undefined}
            onOpen={() => {
              select('class', { id: str(c.class_id), name: str(c.class_name) });
              navigate('/GetSubject');
            }}
          >
            <p className="price">{rupee(c.class_price)}</p>
            <RatingText rating={c.rating} />
          </Card>
        ))}
      </Grid>
    </>
  );
}

/** Whether the learner may open a subject: bought, or a free course. */
function useCanOpen() {
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
      className={`heart ${existing ? 'on' : ''}`}
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

/** `/GetSubject`. */
export function ChooseSubjectPage() {
  const cls = useSession((s) => s.selections.class);
  const select = useSession((s) => s.select);
  const navigate = useNavigate();
  const subjects = useSubjects(cls?.id);
  const canOpen = useCanOpen();
  const [name, setName] = useState('');
  const shown = (subjects.data ?? []).filter((s) =>
    str(s.subject_name).toLowerCase().includes(name.trim().toLowerCase()),
  );
  return (
    <>
      <PageHeading title="Choose Subject" />
      <Breadcrumb />
      <div className="filters">
        <div className="field">
          <label htmlFor="subject-filter">Subject Name</label>
          <input id="subject-filter" value={name} onChange={(e) => setName(e.target.value)} />
        </div>
      </div>
      <Grid loading={subjects.isLoading} empty="No subjects available.">
        {shown.map((s) => (
          <Card
            key={str(s.subject_id)}
            image={s.subject_image_url}
            title={str(s.subject_name)}
            badge={s.free_course === true ? 'FREE' : undefined}
            onOpen={() => {
              if (!canOpen(s)) return toast.error(NOT_BOUGHT);
              select('subject', { id: str(s.subject_id), name: str(s.subject_name) });
              navigate('/GetSubSubject');
            }}
          >
            <p className="price">{rupee(s.subject_price)}</p>
            <RatingText rating={s.rating} />
            <div className="row">
              <FavouriteHeart subject={s} />
              {s.free_course !== true && <AddToCartButton subjectId={str(s.subject_id)} />}
            </div>
          </Card>
        ))}
      </Grid>
    </>
  );
}

/** `/GetSubSubject`. */
export function ChooseSubSubjectPage() {
  const subject = useSession((s) => s.selections.subject);
  const select = useSession((s) => s.select);
  const navigate = useNavigate();
  const subs = useSubSubjects(subject?.id);
  return (
    <>
      <PageHeading title="Choose Sub-Subject" />
      <Breadcrumb />
      <Grid loading={subs.isLoading && Boolean(subject)} empty="No Sub available.">
        {(subs.data ?? []).map((s) => (
          <Card
            key={str(s.sub_subject_id)}
            image={s.sub_subject_image_url}
            title={str(s.sub_subject_name)}
            onOpen={() => {
              select('subSubject', { id: str(s.sub_subject_id), name: str(s.sub_subject_name) });
              navigate('/GetChapters');
            }}
          >
            <p className="price">{rupee(s.sub_subject_price)}</p>
            <button
              type="button"
              className="heart"
              aria-label="Add to favourites"
              onClick={() => toast.success('Added To favorite')}
            >
              <HeartIcon />
            </button>
          </Card>
        ))}
      </Grid>
    </>
  );
}

/** `/GetChapters`. */
export function ChooseChapterPage() {
  const sub = useSession((s) => s.selections.subSubject);
  const select = useSession((s) => s.select);
  const navigate = useNavigate();
  const chapters = useChapters(sub?.id);
  const rows = useMemo(() => chapters.data ?? [], [chapters.data]);
  return (
    <>
      <PageHeading title="Choose Chapter" />
      <Breadcrumb />
      {chapters.isLoading && sub ? (
        <p className="loading">Loading...</p>
      ) : !rows.length ? (
        <p className="empty">No Chapters available.</p>
      ) : (
        <div className="table-wrap card">
          <table>
            <thead>
              <tr>
                <th>Chapter Name</th>
                <th>Description</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr
                  key={str(c.chapter_id)}
                  className="clickable"
                  tabIndex={0}
                  onClick={() => {
                    select('chapter', { id: str(c.chapter_id), name: str(c.chapter_name) });
                    navigate('/GetTopic');
                  }}
                  onKeyDown={(e) => {
                    if (e.key !== 'Enter') return;
                    select('chapter', { id: str(c.chapter_id), name: str(c.chapter_name) });
                    navigate('/GetTopic');
                  }}
                >
                  <td>{str(c.chapter_name)}</td>
                  <td>{str(c.chapter_description)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
