import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { PageHeading } from '../../components/page-heading.tsx';
import { Modal } from '../../components/modal.tsx';
import { Card, ClassCard, DEFAULT_IMAGE, RatingText } from '../../components/catalogue-ui.tsx';
import { rupee } from '../../lib/format.ts';
import { useClassDetail, useClasses, useSubjects } from '../../lib/catalogue-api.ts';

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
            <ClassCard
              eager={index < 4}
              key={c.class_id}
              cls={c}
              onOpen={() => navigate(`/classes/${c.class_id}`)}
            />
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
              key={s.subject_id}
              image={s.subject_image_url}
              title={s.subject_name}
              onOpen={() => navigate(`/classes/${s.class_id}`)}
            >
              <p className="muted">
                {s.class_name ?? ''} · {s.board_name ?? ''}
              </p>
              <p className="price">{rupee(s.subject_price)}</p>
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
        <img src={c.class_image_url || DEFAULT_IMAGE} alt="" width={480} height={270} />
        <div>
          <h1>{c.class_name}</h1>
          <p className="muted">{c.board_name ?? ''}</p>
          <p>{c.description}</p>
          <p className="price">{c.free_course === true ? 'Free' : rupee(c.class_price)}</p>
        </div>
      </section>
      <h2>Subjects</h2>
      {!c.subjects.length ? (
        <p className="empty">No subjects available.</p>
      ) : (
        <div className="accordion">
          {c.subjects.map((s) => {
            const id = s.subject_id;
            return (
              <section key={id} className="card">
                <button
                  type="button"
                  className="accordion-head"
                  aria-expanded={open === id}
                  onClick={() => setOpen(open === id ? null : id)}
                >
                  <span>{s.subject_name}</span>
                  {s.free_course === true && <span className="badge">FREE</span>}
                  <span className="price">{rupee(s.subject_price)}</span>
                </button>
                {open === id && (
                  <ul className="topic-previews">
                    {s.topics.length === 0 && <li className="muted">No topics yet.</li>}
                    {s.topics.map((t) => (
                      <li key={t.topic_id}>
                        <span>{t.topic_name}</span>
                        {t.video_url ? (
                          <button
                            type="button"
                            className="btn btn-small"
                            onClick={() => setPlaying(t.video_url)}
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
        <Modal label="Video" className="video-modal">
          <video src={playing} controls autoPlay width={640} height={360} />
          <div className="modal-actions">
            <button type="button" className="btn" onClick={() => setPlaying(null)}>
              Close
            </button>
          </div>
        </Modal>
      )}
      <p>
        <Link to="/GetBoard">Browse all boards</Link>
      </p>
    </>
  );
}
