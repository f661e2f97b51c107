import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { PurchasedClass } from '@gia/shared';
import { PageHeading } from '../../components/page-heading.tsx';
import { Modal } from '../../components/modal.tsx';
import { VideoPlayer } from '../../components/video-player/video-player.tsx';
import { hasVideo, videoSourceOf, type VideoFields } from '../../components/video-player/source.ts';
import { rupee } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import {
  fetchAboutSubject,
  subjectIntroKeys,
  useAboutSubject,
  usePurchasedClasses,
} from './api/subject-intro.ts';

/** The subject's first introduction that has a video. */
const introOf = (about: readonly VideoFields[]) => about.find(hasVideo);

/**
 * `/UserVideoPlayer` (and `/UserPlayerVideo`): the chosen subject's introduction video, with the
 * AI teacher's chat (`chat`, passed in by the app) below it.
 */
export function UserVideoPlayerPage({ chat }: { chat: ReactNode }) {
  const t = useT();
  const subject = useSession((s) => s.selections.subject);
  const about = useAboutSubject(subject?.id);
  const intro = introOf(about.data ?? []);
  const queryClient = useQueryClient();
  return (
    <>
      <PageHeading title={subject?.name ?? t('lesson.videoPlayer')} />
      {intro ? (
        <VideoPlayer
          source={videoSourceOf(intro)}
          title={subject?.name ?? t('lesson.introduction')}
          className="player"
          onRenew={() =>
            queryClient.refetchQueries({ queryKey: subjectIntroKeys.about(subject?.id) })
          }
        />
      ) : (
        <p className="empty">{t('lesson.noVideo')}</p>
      )}
      <div className="card">{chat}</div>
    </>
  );
}

/** `/UserPurchase`: purchased classes; 'Open' plays the subject's introduction video. */
export function UserPurchasePage() {
  const t = useT();
  const navigate = useNavigate();
  const select = useSession((s) => s.select);
  // undefined: closed; null: opened on a subject without a video.
  const [video, setVideo] = useState<{ intro: VideoFields; name: string } | null | undefined>(
    undefined,
  );
  const [openSubject, setOpenSubject] = useState<string>('');
  const purchased = usePurchasedClasses();
  async function open(r: PurchasedClass) {
    select('board', { id: '', name: r.board_name });
    select('class', { id: r.class_id, name: r.class_name });
    select('subject', { id: r.subject_id, name: r.subject_name });
    setOpenSubject(r.subject_id);
    const intro = introOf(await fetchAboutSubject(r.subject_id));
    setVideo(intro ? { intro, name: r.subject_name } : null);
  }
  return (
    <>
      <PageHeading title={t('lesson.purchasedClasses')} />
      {purchased.isLoading ? (
        <p className="loading">{t('page.loading')}</p>
      ) : !purchased.data?.length ? (
        <p className="empty">{t('lesson.noPurchased')}</p>
      ) : (
        <div className="cat-grid">
          {purchased.data.map((r) => (
            <article key={r.subject_id} className="card">
              <h3>{r.subject_name}</h3>
              <p className="muted">
                {r.board_name} · {r.class_name}
              </p>
              <p>{t('lesson.classPrice', { price: rupee(r.class_price) })}</p>
              <p>{t('lesson.subjectPrice', { price: rupee(r.subject_price) })}</p>
              {/* Already bought: "Open", never "Purchase" (issue 14, verdict 26). */}
              <button
                type="button"
                className="btn btn-primary"
                aria-label={t('lesson.openSubject', { name: r.subject_name })}
                onClick={() => open(r)}
              >
                {t('lesson.open')}
              </button>
            </article>
          ))}
        </div>
      )}
      {video !== undefined && (
        <Modal label={t('lesson.video')} className="video-modal">
          {video ? (
            <VideoPlayer
              source={videoSourceOf(video.intro)}
              title={video.name}
              autoPlay
              onRenew={async () => {
                const intro = introOf(await fetchAboutSubject(openSubject));
                if (intro) setVideo({ intro, name: video.name });
              }}
            />
          ) : (
            <p>{t('lesson.noVideo')}</p>
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
              {t('lesson.close')}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
