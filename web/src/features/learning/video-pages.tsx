import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { PageHeading } from '../../components/page-heading.tsx';
import { api } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';
import { AiChat } from './ai-chat.tsx';

const L = '/api/v1/classuser/data';
type Rec = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const rupee = (v: unknown) => (typeof v === 'number' ? `₹${v.toLocaleString('en-IN')}` : 'N/A');

/** `/ChatApt`: a generic AI prompt page. */
export function ChatAptPage() {
  return (
    <>
      <PageHeading title="Ask the AI Teacher" />
      <div className="card">
        <AiChat title="Your question" />
      </div>
    </>
  );
}

/** `/UserVideoPlayer` (and `/UserPlayerVideo`): the chosen subject's introduction video and a plain AI chat. */
export function UserVideoPlayerPage() {
  const subject = useSession((s) => s.selections.subject);
  const about = useQuery({
    queryKey: ['about', subject?.id ?? ''],
    enabled: Boolean(subject),
    queryFn: async () =>
      (
        await api<{ data: Rec[] }>(
          'GET',
          `${L}/getAboutSubjects?subject_id=${encodeURIComponent(subject?.id ?? '')}`,
        )
      ).data,
  });
  const video = str(about.data?.find((a) => str(a.video_url))?.video_url);
  return (
    <>
      <PageHeading title={subject?.name ?? 'Video Player'} />
      {video ? (
        <video src={video} controls width={640} height={360} className="player" />
      ) : (
        <p className="empty">No video available to play.</p>
      )}
      <div className="card">
        <AiChat title="Ask about this subject" />
      </div>
    </>
  );
}

/** `/UserPurchase`: purchased classes; 'Purchase' opens the subject's introduction video. */
export function UserPurchasePage() {
  const navigate = useNavigate();
  const select = useSession((s) => s.select);
  const [video, setVideo] = useState<string | null | undefined>(undefined);
  const purchased = useQuery({
    queryKey: ['purchased-classes'],
    queryFn: async () => (await api<{ data: Rec[] }>('GET', `${L}/getUserClassPurchased`)).data,
  });
  async function open(r: Rec) {
    select('board', { id: '', name: str(r.board_name) });
    select('class', { id: str(r.class_id), name: str(r.class_name) });
    select('subject', { id: str(r.subject_id), name: str(r.subject_name) });
    const about = (
      await api<{ data: Rec[] }>(
        'GET',
        `${L}/getAboutSubjects?subject_id=${encodeURIComponent(str(r.subject_id))}`,
      )
    ).data;
    setVideo(str(about.find((a) => str(a.video_url))?.video_url) || null);
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
            <article key={str(r.subject_id)} className="card">
              <h3>{str(r.subject_name)}</h3>
              <p className="muted">
                {str(r.board_name)} · {str(r.class_name)}
              </p>
              <p>Class price: {rupee(r.class_price)}</p>
              <p>Subject price: {rupee(r.subject_price)}</p>
              <button type="button" className="btn btn-primary" onClick={() => open(r)}>
                Purchase
              </button>
            </article>
          ))}
        </div>
      )}
      {video !== undefined && (
        <div className="modal-backdrop">
          <div className="modal video-modal" role="dialog" aria-modal="true" aria-label="Video">
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
          </div>
        </div>
      )}
    </>
  );
}
