import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PurchasedClass } from '@gia/shared';
import { PageHeading } from '../../components/page-heading.tsx';
import { Modal } from '../../components/modal.tsx';
import { rupee } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import {
  fetchAboutSubject,
  introVideo,
  useAboutSubject,
  usePurchasedClasses,
} from './api/subject-intro.ts';

/**
 * `/UserVideoPlayer` (and `/UserPlayerVideo`): the chosen subject's introduction video, with the
 * AI teacher's chat (`chat`, passed in by the app) below it.
 */
export function UserVideoPlayerPage({ chat }: { chat: ReactNode }) {
  const subject = useSession((s) => s.selections.subject);
  const about = useAboutSubject(subject?.id);
  const video = introVideo(about.data ?? []);
  return (
    <>
      <PageHeading title={subject?.name ?? 'Video Player'} />
      {video ? (
        <video src={video} controls width={640} height={360} className="player" />
      ) : (
        <p className="empty">No video available to play.</p>
      )}
      <div className="card">{chat}</div>
    </>
  );
}

/** `/UserPurchase`: purchased classes; 'Open' plays the subject's introduction video. */
export function UserPurchasePage() {
  const navigate = useNavigate();
  const select = useSession((s) => s.select);
  const [video, setVideo] = useState<string | null | undefined>(undefined);
  const purchased = usePurchasedClasses();
  async function open(r: PurchasedClass) {
    select('board', { id: '', name: r.board_name });
    select('class', { id: r.class_id, name: r.class_name });
    select('subject', { id: r.subject_id, name: r.subject_name });
    setVideo(introVideo(await fetchAboutSubject(r.subject_id)) || null);
  }
  return (
    <>
      <PageHeading title="Purchased Classes" />
      {purchased.isLoading ? (
        <p className="loading">Loading...</p>
      ) : !purchased.data?.length ? (
        <p className="empty">No boards available.</p>
      ) : (
        <div className="cat-grid">
          {purchased.data.map((r) => (
            <article key={r.subject_id} className="card">
              <h3>{r.subject_name}</h3>
              <p className="muted">
                {r.board_name} · {r.class_name}
              </p>
              <p>Class price: {rupee(r.class_price)}</p>
              <p>Subject price: {rupee(r.subject_price)}</p>
              {/* Already bought: "Open", never "Purchase" (issue 14, verdict 26). */}
              <button
                type="button"
                className="btn btn-primary"
                aria-label={`Open ${r.subject_name}`}
                onClick={() => open(r)}
              >
                Open
              </button>
            </article>
          ))}
        </div>
      )}
      {video !== undefined && (
        <Modal label="Video" className="video-modal">
          {video ? (
            <video src={video} controls autoPlay width={640} height={360} />
          ) : (
            <p>No video available to play.</p>
          )}
          <div className="modal-actions">
            <button
              type="button"
              className="btn"
              onClick={() => {
                setVideo(undefined);
                navigate('/GetSubSubject');
              }}
            >
              Close
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
