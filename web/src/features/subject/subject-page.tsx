import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import type {
  SubjectOutline,
  SubjectOutlineGroup,
  SubjectOutlineTopic,
  SubjectRecord,
} from '@gia/shared/catalogue-records.ts';
import { DEFAULT_IMAGE, MediumTag } from '../../components/catalogue-ui.tsx';
import { Modal } from '../../components/modal.tsx';
import { LoadError } from '../../components/query-state.tsx';
import { rupee } from '../../lib/format.ts';
import { links } from '../../lib/links.ts';
import { useSession } from '../../lib/session.ts';
import { useMastery } from '../../lib/practice-api.ts';
import { isNotFound, subjectKeys, useSubjectOutline } from './api.ts';
import { catalogueKeys, useWithMyTopics } from '../../lib/catalogue-api.ts';
import { clock, lessons, topicLength, totalLength } from '../../lib/duration.ts';
import { useQueryClient } from '@tanstack/react-query';
import { LockIcon, PlayIcon } from '../../components/icons.tsx';
import { LessonPreview } from '../../components/lesson-preview.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { useT } from '../../lib/i18n.ts';

/** What the subject offers (buy, owned, free, in cart): the commerce feature's, passed in by the app. */
export type SubjectActionSlot = (subject: SubjectRecord) => ReactNode;

/** A deep link sets the learner's selections from the subject's ancestors. */
function useSelectionsFrom(subject: SubjectRecord | undefined) {
  const select = useSession((s) => s.select);
  useEffect(() => {
    if (!subject) return;
    select('board', { id: subject.board_id, name: subject.board_name ?? '' });
    select('class', { id: subject.class_id, name: subject.class_name ?? '' });
    select('subject', { id: subject.subject_id, name: subject.subject_name });
  }, [subject, select]);
}

/** `/subjects/:subjectId`: what a subject contains, its free previews, its price and buying it. */
export function SubjectPage({ action }: { action: SubjectActionSlot }) {
  const t = useT();
  const { subjectId = '' } = useParams();
  const outline = useSubjectOutline(subjectId);
  // The public outline shows at once; the topics this learner may play open when theirs arrives.
  const data = useWithMyTopics(outline.data, subjectId ? { subject_id: subjectId } : undefined);
  useDocumentTitle(data?.subject.subject_name);
  useSelectionsFrom(data?.subject);

  if (data) return <SubjectContents outline={data} action={action} />;
  if (outline.isError && isNotFound(outline.error)) {
    return (
      <section className="subject-missing card">
        <h1>{t('subject.noSuchSubject')}</h1>
        <p>
          <Link to={links.boards()}>{t('common.browseAllBoards')}</Link>
        </p>
      </section>
    );
  }
  if (outline.isError) {
    return (
      <LoadError
        what={t('subject.what')}
        retrying={outline.isFetching}
        onRetry={() => void outline.refetch()}
      />
    );
  }
  return <SubjectSkeleton />;
}

/** The page's layout while it loads: hero, action bar and contents rows. */
function SubjectSkeleton() {
  const t = useT();
  return (
    <div className="subject-page skeleton" aria-busy="true" role="status">
      <span className="sr-only">{t('subject.loading')}</span>
      {/* The hero's text elements themselves, their words hidden, so each line takes the height
          the subject's will and the contents do not move when it arrives. */}
      <div className="subject-hero card" aria-hidden="true">
        <span className="skeleton-img subject-hero-img" />
        <div className="subject-hero-body">
          <p className="muted">
            <span className="skeleton-text">Class · Board</span>
          </p>
          <h1>
            <span className="skeleton-text">Subject name</span>
          </h1>
          <p className="muted">
            <span className="skeleton-text">No reviews yet</span>
          </p>
          <p>
            <span className="skeleton-text">By the authors</span>
          </p>
          <p className="subject-facts">
            <span className="skeleton-text">9 lessons · 2 min</span>
          </p>
          <p className="price subject-price">
            <span className="skeleton-text">₹000</span>
          </p>
        </div>
      </div>
      <h2 aria-hidden="true">{t('subject.contents')}</h2>
      <div className="subject-contents" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className="skeleton-row card">
            <span className="skeleton-line" />
            <span className="skeleton-line skeleton-line-short" />
          </div>
        ))}
      </div>
    </div>
  );
}

function SubjectContents({
  outline,
  action,
}: {
  outline: SubjectOutline;
  action: SubjectActionSlot;
}) {
  const t = useT();
  const s = outline.subject;
  const [playing, setPlaying] = useState<SubjectOutlineTopic | null>(null);
  const free = s.free_course === true;
  const price = free ? t('common.free') : rupee(s.subject_price);
  const rating = s.rating?.review_count ? s.rating : null;
  return (
    <div className="subject-page">
      <section className="subject-hero card">
        <img
          className="subject-hero-img"
          src={s.subject_image_url || DEFAULT_IMAGE}
          alt=""
          width={480}
          height={270}
          fetchPriority="high"
        />
        <div className="subject-hero-body">
          <p className="muted">{[s.class_name, s.board_name].filter(Boolean).join(' · ')}</p>
          <h1>{s.subject_name}</h1>
          <MediumTag medium={s.medium} />
          {rating ? (
            <p
              className="rating"
              aria-label={t('common.rated', {
                rating: rating.average_rating,
                count: rating.review_count,
              })}
            >
              ★ {rating.average_rating.toFixed(1)} (
              {t('subject.reviews', { count: rating.review_count })})
            </p>
          ) : (
            <p className="muted">{t('subject.noReviews')}</p>
          )}
          {outline.authors.length > 0 && (
            <p>{t('subject.byAuthors', { authors: outline.authors.join(', ') })}</p>
          )}
          <p className="subject-facts">
            {lessons(outline.lesson_count)}
            {outline.duration_seconds > 0 && ` · ${totalLength(outline.duration_seconds)}`}
          </p>
          <SubjectMastery subjectId={s.subject_id} />
          <p className="price subject-price">{price}</p>
          {/* Fixed at the bottom of a phone's screen; under the facts on a wider one. */}
          <div className="subject-buy" aria-label={t('subject.buyRegion')} role="region">
            <span className="price">{price}</span>
            {action(s)}
          </div>
        </div>
      </section>
      <h2>{t('subject.contents')}</h2>
      {outline.sub_subjects.length === 0 ? (
        <p className="empty">{t('subject.noLessons')}</p>
      ) : (
        <div className="accordion subject-contents">
          {outline.sub_subjects.map((g, i) => (
            <SubSubjectSection
              key={g.sub_subject_id || 'direct'}
              group={g}
              initiallyOpen={i === 0}
              freeCourse={free}
              onPlay={setPlaying}
            />
          ))}
        </div>
      )}
      {playing && (
        <PreviewPlayer
          // The outline's current record: a renewal re-reads it with fresh URLs.
          topic={
            outline.sub_subjects
              .flatMap((g) => g.chapters.flatMap((c) => c.topics))
              .find((t) => t.topic_id === playing.topic_id) ?? playing
          }
          subjectId={outline.subject.subject_id}
          onClose={() => setPlaying(null)}
        />
      )}
    </div>
  );
}

/** "3 of 12 topics mastered", for a signed-in learner (topics whose best quiz reached 80%). */
function SubjectMastery({ subjectId }: { subjectId: string }) {
  const t = useT();
  const learner = useSession((st) => st.role === 'learner');
  const mastery = useMastery(subjectId, learner);
  if (!mastery.data?.topics_total) return null;
  const { topics_mastered: n, topics_total: total } = mastery.data;
  return <p className="subject-mastery small">{t('subject.mastered', { n, total })}</p>;
}

function SubSubjectSection({
  group,
  initiallyOpen,
  freeCourse,
  onPlay,
}: {
  group: SubjectOutlineGroup;
  initiallyOpen: boolean;
  freeCourse: boolean;
  onPlay(topic: SubjectOutlineTopic): void;
}) {
  const t = useT();
  const [open, setOpen] = useState(initiallyOpen);
  const count = group.chapters.reduce((n, c) => n + c.topics.length, 0);
  const panelId = `contents-${group.sub_subject_id || 'direct'}`;
  return (
    <section className="card">
      <h3 className="accordion-title">
        <button
          type="button"
          className="accordion-head"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
        >
          <span>{group.sub_subject_name || t('subject.moreChapters')}</span>
          <span className="muted small subject-count">{lessons(count)}</span>
          <span className="accordion-chevron" aria-hidden="true" />
        </button>
      </h3>
      {open && (
        <div id={panelId}>
          {group.chapters.map((c) => (
            <div key={c.chapter_id} className="subject-chapter">
              <h4>{c.chapter_name}</h4>
              <ul className="subject-topics">
                {c.topics.map((t) => (
                  <TopicRow key={t.topic_id} topic={t} freeCourse={freeCourse} onPlay={onPlay} />
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}

function TopicRow({
  topic,
  freeCourse,
  onPlay,
}: {
  topic: SubjectOutlineTopic;
  freeCourse: boolean;
  onPlay(topic: SubjectOutlineTopic): void;
}) {
  const t = useT();
  const playable = !topic.locked && Boolean(topic.video_url);
  const length = topicLength(topic);
  return (
    <li className={`subject-topic${topic.locked ? ' is-locked' : ''}`}>
      {playable ? (
        <button
          type="button"
          className="icon-btn subject-play"
          aria-label={t('common.playTopic', { name: topic.topic_name })}
          onClick={() => onPlay(topic)}
        >
          <PlayIcon fill="currentColor" />
        </button>
      ) : (
        <span className="subject-lock">
          <LockIcon />
        </span>
      )}
      <span className="subject-topic-name">
        {topic.topic_name}
        {topic.locked && (
          <span className="muted small subject-topic-note">{t('subject.paidPart')}</span>
        )}
        {!freeCourse && topic.free_to_watch === '1' && (
          <span className="subject-tag subject-tag-free">{t('subject.freePreview')}</span>
        )}
      </span>
      {length !== null && (
        <span className="muted small subject-duration">
          <span className="sr-only">{t('subject.lengthSr')} </span>
          {clock(length)}
        </span>
      )}
    </li>
  );
}

/**
 * A free preview (or an owned lesson) played in a dialog, through the lesson's own player, stream
 * and captions; Escape or Close ends it.
 */
function PreviewPlayer({
  topic,
  subjectId,
  onClose,
}: {
  topic: SubjectOutlineTopic;
  subjectId: string;
  onClose(): void;
}) {
  const t = useT();
  const close = useRef<HTMLButtonElement>(null);
  const queryClient = useQueryClient();
  useEffect(() => {
    // Focus moves into the dialog, and back to the Play button when it closes.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    close.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus();
    };
  }, [onClose]);
  return (
    <Modal label={topic.topic_name} className="video-modal subject-preview">
      <h2>{topic.topic_name}</h2>
      <LessonPreview
        topic={topic}
        onRenew={() =>
          Promise.all([
            queryClient.refetchQueries({ queryKey: subjectKeys.outline(subjectId) }),
            queryClient.refetchQueries({ queryKey: catalogueKeys.allMine() }),
          ])
        }
      />
      <div className="modal-actions">
        <button ref={close} type="button" className="btn" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </Modal>
  );
}
