import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { ClassDetail, SubjectRecord } from '@gia/shared/catalogue-records.ts';
import { Modal } from '../../components/modal.tsx';
import { DEFAULT_IMAGE, MediumTag } from '../../components/catalogue-ui.tsx';
import { hasVideo } from '../../components/video-player/source.ts';
import { LessonPreview } from '../../components/lesson-preview.tsx';
import { LoadError } from '../../components/query-state.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { clock, lessonsTotal, topicLength, type TopicLengthFields } from '../../lib/duration.ts';
import { rupee } from '../../lib/format.ts';
import { t, useT } from '../../lib/i18n.ts';
import { catalogueKeys, useClassDetail, useWithMyTopics } from '../../lib/catalogue-api.ts';
import { links } from '../../lib/links.ts';

/** What a subject offers (buy, owned, free, in cart): the commerce feature's, passed in by the app. */
export type ClassSubjectAction = (subject: SubjectRecord) => ReactNode;

/**
 * What the class costs, said honestly: only subjects are bought, so "Subjects from ₹X" (the
 * cheapest paid subject), or "Free" when the class or every subject is free.
 */
export function classPriceText(c: ClassDetail): string {
  if (c.free_course === true) return t('common.free');
  const paid = c.subjects.filter((s) => s.free_course !== true).map((s) => s.subject_price);
  if (!paid.length) return c.subjects.length ? t('common.free') : '';
  return t('catalogue.subjectsFrom', { price: rupee(Math.min(...paid)) });
}

/**
 * The class page's layout while it loads: the hero (its 16:9 picture and lines), the "Subjects"
 * heading and the accordion's rows, where they will be. The prerendered class page (issue 30)
 * paints it before any script.
 */
function ClassSkeleton() {
  const t = useT();
  return (
    <div className="skeleton" aria-busy="true" role="status">
      <span className="sr-only">{t('catalogue.loadingClass')}</span>
      {/* The hero's text elements themselves, their words hidden: each line takes the height the
          class's will (a title, the board, a description of three lines on a phone, the price). */}
      <section className="class-hero card" aria-hidden="true">
        <span className="skeleton-img" />
        <div>
          <h1>
            <span className="skeleton-text">Class name</span>
          </h1>
          <p className="muted">
            <span className="skeleton-text">Board</span>
          </p>
          <p>
            <span className="skeleton-text">The class's description, as long</span>
            <br />
            <span className="skeleton-text">as it usually runs on a phone,</span>
            <br />
            <span className="skeleton-text">three lines.</span>
          </p>
          <p className="price">
            <span className="skeleton-text">Subjects from ₹000</span>
          </p>
        </div>
      </section>
      <h2>{t('catalogue.subjects')}</h2>
      <div className="skeleton-list" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="skeleton-row">
            <span className="skeleton-line" />
            <span className="skeleton-line skeleton-line-short" />
          </div>
        ))}
      </div>
    </div>
  );
}

/** `/classes/{classId}`: the class with an accordion of its subjects, their topics and buying. */
export function ClassDetailPage({ subjectAction }: { subjectAction: ClassSubjectAction }) {
  const t = useT();
  const { classId } = useParams();
  const detail = useClassDetail(classId);
  // The public class shows at once; the topics this learner may play open when theirs arrives.
  const mine = useWithMyTopics(detail.data, classId ? { class_id: classId } : undefined);
  const [open, setOpen] = useState<string | null>(null);
  // The topic playing in the dialog (its record is re-read from the class on every render, so a
  // renewal's fresh URLs reach the player).
  const [playing, setPlaying] = useState<string | null>(null);
  const queryClient = useQueryClient();
  if (detail.isError && !(detail.error instanceof ApiError && detail.error.status === 404)) {
    return (
      <LoadError
        what={t('catalogue.what.thisClass')}
        retrying={detail.isFetching}
        onRetry={() => void detail.refetch()}
      />
    );
  }
  if (detail.isError || (!detail.isPending && !detail.data) || !classId) {
    return <p className="empty">{t('catalogue.noSuchClass')}</p>;
  }
  if (!mine) return <ClassSkeleton />;
  const c = mine;
  const priceText = classPriceText(c);
  const playingTopic = playing
    ? c.subjects.flatMap((s) => s.topics).find((topic) => topic.topic_id === playing)
    : undefined;
  return (
    <>
      <section className="class-hero card">
        <img src={c.class_image_url || DEFAULT_IMAGE} alt="" width={480} height={270} />
        <div>
          <h1>{c.class_name}</h1>
          <p className="muted">{c.board_name ?? ''}</p>
          <MediumTag medium={c.medium} />
          <p>{c.description}</p>
          {priceText && <p className="price">{priceText}</p>}
        </div>
      </section>
      <h2>{t('catalogue.subjects')}</h2>
      {!c.subjects.length ? (
        <p className="empty">{t('catalogue.empty.subjects')}</p>
      ) : (
        <div className="accordion">
          {c.subjects.map((s) => {
            const id = s.subject_id;
            const free = s.free_course === true;
            return (
              <section key={id} className="card class-subject">
                <button
                  type="button"
                  className="accordion-head"
                  aria-expanded={open === id}
                  aria-controls={`topics-${id}`}
                  onClick={() => setOpen(open === id ? null : id)}
                >
                  <span>
                    {s.subject_name}
                    {s.topics.length > 0 && (
                      <span className="muted small class-subject-total">
                        {' '}
                        · {lessonsTotal(s.topics as readonly TopicLengthFields[])}
                      </span>
                    )}
                  </span>
                  <span className="accordion-chevron" aria-hidden="true" />
                </button>
                <div className="class-subject-actions">
                  {!free && <span className="price">{rupee(s.subject_price)}</span>}
                  {subjectAction(s)}
                  <Link className="btn btn-small" to={links.subject(id)}>
                    {t('catalogue.viewSubject')}
                  </Link>
                </div>
                {open === id && (
                  <ul className="topic-previews" id={`topics-${id}`}>
                    {s.topics.length === 0 && <li className="muted">{t('catalogue.noTopics')}</li>}
                    {s.topics.map((topic) => (
                      <li key={topic.topic_id}>
                        <span>
                          {topic.topic_name}
                          <TopicLength topic={topic as TopicLengthFields} />
                        </span>
                        {hasVideo(topic) ? (
                          <button
                            type="button"
                            className="btn btn-small"
                            aria-label={t('common.playTopic', { name: topic.topic_name })}
                            onClick={() => setPlaying(topic.topic_id)}
                          >
                            {t('catalogue.play')}
                          </button>
                        ) : (
                          <span className="muted small">{t('catalogue.paidVideo')}</span>
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
      {playingTopic && (
        <Modal label={t('catalogue.video')} className="video-modal">
          <LessonPreview
            topic={playingTopic}
            onRenew={() =>
              Promise.all([
                queryClient.refetchQueries({ queryKey: catalogueKeys.classDetail(classId) }),
                queryClient.refetchQueries({ queryKey: catalogueKeys.allMine() }),
              ])
            }
          />
          <div className="modal-actions">
            <button type="button" className="btn" onClick={() => setPlaying(null)}>
              {t('common.close')}
            </button>
          </div>
        </Modal>
      )}
      <p>
        <Link to={links.boards()}>{t('common.browseAllBoards')}</Link>
      </p>
    </>
  );
}

/** A topic's length beside its name, when the class detail carries it. */
function TopicLength({ topic }: { topic: TopicLengthFields }) {
  const t = useT();
  const length = topicLength(topic);
  if (length === null) return null;
  return (
    <span className="muted small topic-length">
      <span className="sr-only">{t('catalogue.lengthSr')}</span> {clock(length)}
    </span>
  );
}
