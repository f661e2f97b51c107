import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Modal } from '../../components/modal.tsx';
import { DEFAULT_IMAGE } from '../../components/catalogue-ui.tsx';
import { rupee } from '../../lib/format.ts';
import { useClassDetail } from '../../lib/catalogue-api.ts';

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
