import { HeartIcon } from '../../components/icons.tsx';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { PageHeading } from '../../components/page-heading.tsx';
import { toast } from '../../components/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';
import {
  AddToCartButton,
  Card,
  DEFAULT_IMAGE,
  NOT_BOUGHT,
  RatingText,
} from '../../components/catalogue-ui.tsx';
import {
  rupee,
  str,
  useClassDetail,
  useClasses,
  useFavouriteActions,
  useFavourites,
  usePurchased,
  useSubjects,
} from '../../lib/catalogue-api.ts';

/** `/Board-Class`: every class. */
export function BoardClassPage() {
  const classes = useClasses();
  const navigate = useNavigate();
  return (
    <>
      <PageHeading title="Classes" />
      {classes.isLoading ? (
        <p className="loading">Loading...</p>
      ) : !classes.data?.length ? (
        <p className="empty">No classes available.</p>
      ) : (
        <div className="cat-grid">
          {classes.data.map((c, index) => (
            <Card
              eager={index < 4}
              key={str(c.class_id)}
              image={c.class_image_url}
              title={str(c.class_name)}
              badge={c.free_course === true ? 'FREE' : undefined}
              onOpen={() => navigate(`/classes/${str(c.class_id)}`)}
            >
              <p className="muted">{str(c.board_name)}</p>
              <p className="price">{c.free_course === true ? 'Free' : rupee(c.class_price)}</p>
              <RatingText rating={c.rating} />
            </Card>
          ))}
        </div>
      )}
    </>
  );
}

/** `/AllCourse`: every subject. */
export function AllCoursePage() {
  const subjects = useSubjects();
  const navigate = useNavigate();
  return (
    <>
      <PageHeading title="All Courses" />
      {subjects.isLoading ? (
        <p className="loading">Loading...</p>
      ) : !subjects.data?.length ? (
        <p className="empty">No subjects available.</p>
      ) : (
        <div className="cat-grid">
          {subjects.data.map((s, index) => (
            <Card
              eager={index < 4}
              key={str(s.subject_id)}
              image={s.subject_image_url}
              title={str(s.subject_name)}
              onOpen={() => navigate(`/classes/${str(s.class_id)}`)}
            >
              <p className="muted">
                {str(s.class_name)} · {str(s.board_name)}
              </p>
              <p className="price">{rupee(s.subject_price ?? 100)}</p>
              <RatingText rating={s.rating} />
            </Card>
          ))}
        </div>
      )}
    </>
  );
}

/** `/classes/{classId}`: the class with an accordion of its subjects and their topics. */
export function ClassDetailPage() {
  const { classId } = useParams();
  const detail = useClassDetail(classId);
  const [open, setOpen] = useState<string | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);
  if (detail.isLoading) return <p className="loading">Loading...</p>;
  if (!detail.data) return <p className="empty">This class does not exist.</p>;
  const c = detail.data;
  return (
    <>
      <section className="class-hero card">
        <img src={str(c.class_image_url) || DEFAULT_IMAGE} alt="" width={480} height={270} />
        <div>
          <h1>{str(c.class_name)}</h1>
          <p className="muted">{str(c.board_name)}</p>
          <p>{str(c.description)}</p>
          <p className="price">{c.free_course === true ? 'Free' : rupee(c.class_price)}</p>
        </div>
      </section>
      <h2>Subjects</h2>
      {!c.subjects.length ? (
        <p className="empty">No subjects available.</p>
      ) : (
        <div className="accordion">
          {c.subjects.map((s) => {
            const id = str(s.subject_id);
            return (
              <section key={id} className="card">
                <button
                  type="button"
                  className="accordion-head"
                  aria-expanded={open === id}
                  onClick={() => setOpen(open === id ? null : id)}
                >
                  <span>{str(s.subject_name)}</span>
                  {s.free_course === true && <span className="badge">FREE</span>}
                  <span className="price">{rupee(s.subject_price)}</span>
                </button>
                {open === id && (
                  <ul className="topic-previews">
                    {s.topics.length === 0 && <li className="muted">No topics yet.</li>}
                    {s.topics.map((t) => (
                      <li key={str(t.topic_id)}>
                        <span>{str(t.topic_name)}</span>
                        {str(t.video_url) ? (
                          <button
                            type="button"
                            className="btn btn-small"
                            onClick={() => setPlaying(str(t.video_url))}
                          >
                            Play
                          </button>
                        ) : (
                          <span className="muted small">This video is part of a paid course.</span>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            );
          })}
        </div>
      )}
      {playing && (
        <div className="modal-backdrop">
          <div className="modal video-modal" role="dialog" aria-modal="true" aria-label="Video">
            <video src={playing} controls autoPlay width={640} height={360} />
            <div className="modal-actions">
              <button type="button" className="btn" onClick={() => setPlaying(null)}>
                Close
              </button>
            </div>
          </div>
        </div>
      )}
      <p>
        <Link to="/GetBoard">Browse all boards</Link>
      </p>
    </>
  );
}

/** `/Favourite`. */
export function FavouritePage() {
  const favourites = useFavourites();
  const purchased = usePurchased();
  const { remove } = useFavouriteActions();
  const select = useSession((s) => s.select);
  const navigate = useNavigate();
  const owned = new Set((purchased.data ?? []).map((p) => str(p.subject_id)));
  if (favourites.isError) {
    return (
      <section className="empty">
        <p>Something went wrong..</p>
        <button type="button" className="btn btn-primary" onClick={() => favourites.refetch()}>
          Please Try Again
        </button>
      </section>
    );
  }
  return (
    <>
      <PageHeading title="My Favourites" />
      {favourites.isLoading ? (
        <p className="loading">Loading...</p>
      ) : !favourites.data?.length ? (
        <p className="empty">No favorites found.</p>
      ) : (
        <div className="cat-grid">
          {favourites.data.map((f, index) => (
            <Card
              eager={index < 4}
              key={str(f.favorite_id)}
              image={f.subject_image_url}
              title={str(f.subject_name)}
              onOpen={() => {
                if (!owned.has(str(f.subject_id)) && f.free_course !== true)
                  return toast.error(NOT_BOUGHT);
                select('board', { id: str(f.board_id), name: str(f.board_name) });
                select('class', { id: str(f.class_id), name: str(f.class_name) });
                select('subject', { id: str(f.subject_id), name: str(f.subject_name) });
                navigate('/GetSubSubject');
              }}
            >
              <p className="muted">
                {str(f.class_name)} · {str(f.board_name)}
              </p>
              <p className="price">{rupee(f.subject_price)}</p>
              <div className="row">
                <button
                  type="button"
                  className="heart is-on"
                  aria-label="Remove from favourites"
                  onClick={async () => {
                    try {
                      toast.success((await remove.mutateAsync(str(f.favorite_id))).message);
                    } catch (err) {
                      toast.error(errorMessage(err, 'Failed to remove favorite'));
                    }
                  }}
                >
                  <HeartIcon filled />
                </button>
                {!owned.has(str(f.subject_id)) && f.free_course !== true && (
                  <AddToCartButton subjectId={str(f.subject_id)} />
                )}
              </div>
            </Card>
          ))}
        </div>
      )}
    </>
  );
}
