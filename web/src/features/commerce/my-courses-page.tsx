import { Link } from 'react-router-dom';
import type { CourseProgress } from '@gia/shared';
import { DEFAULT_IMAGE } from '../../components/catalogue-ui.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { ReviewLine } from '../../components/review-line.tsx';
import { t, useT } from '../../lib/i18n.ts';
import { links } from '../../lib/links.ts';
import { useCourseProgress } from '../../lib/purchases-api.ts';

/** "3 of 12 lessons": how far the learner is in a subject, in the learner's language. */
export const lessonsText = (p: Pick<CourseProgress, 'topics_watched' | 'topics_total'>) =>
  t('courses.lessons', { watched: p.topics_watched, total: p.topics_total });

/** "2 of 12 topics mastered": topics whose best quiz score reached the mastery mark. */
export const masteredText = (p: Pick<CourseProgress, 'topics_mastered' | 'topics_total'>) =>
  t('courses.mastered', { mastered: p.topics_mastered, total: p.topics_total });

/**
 * Where a subject's button leads: the topic watched last ("Continue"), else its first topic
 * ("Start"), else its sub-subjects (a subject with no lessons yet).
 */
export function nextStep(p: CourseProgress): {
  label: 'courses.continue' | 'courses.start';
  to: string;
} {
  if (p.last)
    return { label: 'courses.continue', to: links.topic(p.last.chapter_id, p.last.topic_id) };
  if (p.first)
    return { label: 'courses.start', to: links.topic(p.first.chapter_id, p.first.topic_id) };
  return { label: 'courses.start', to: links.subSubjects(p.subject_id) };
}

/** One subject: its picture and name (to its page), class and board, progress and next step. */
function CourseCard({ course }: { course: CourseProgress }) {
  const t = useT();
  const step = nextStep(course);
  const percent = course.topics_total
    ? Math.round((course.topics_watched / course.topics_total) * 100)
    : 0;
  return (
    <article className="card course-card">
      <Link to={links.subject(course.subject_id)} className="course-card-head">
        <img
          src={course.subject_image_url || DEFAULT_IMAGE}
          alt=""
          width={480}
          height={270}
          loading="lazy"
        />
        <h2>{course.subject_name}</h2>
      </Link>
      <p className="muted small">
        {course.class_name} · {course.board_name}
        {!course.owned && ` · ${t('courses.free')}`}
      </p>
      {course.topics_total ? (
        <div className="course-progress">
          <div
            className="course-progress-bar"
            role="progressbar"
            aria-label={t('courses.lessonsWatched', { subject: course.subject_name })}
            aria-valuemin={0}
            aria-valuemax={course.topics_total}
            aria-valuenow={course.topics_watched}
            aria-valuetext={lessonsText(course)}
          >
            <span style={{ width: `${percent}%` }} />
          </div>
          <p className="small">{lessonsText(course)}</p>
          <p className="small course-mastered">{masteredText(course)}</p>
        </div>
      ) : (
        <p className="small muted">{t('courses.noLessons')}</p>
      )}
      {course.last && (
        <p className="small muted course-last">
          {t('courses.lastWatched', { topic: course.last.topic_name })}
        </p>
      )}
      <Link
        to={step.to}
        className="btn btn-primary"
        aria-label={t(`${step.label}Subject`, { subject: course.subject_name })}
      >
        {t(step.label)}
      </Link>
    </article>
  );
}

/** `/MyCourse`: the learner's subjects (bought, and free ones started) with their progress. */
export function MyCoursePage() {
  const t = useT();
  const courses = useCourseProgress();
  return (
    <>
      <PageHeading title={t('courses.title')} />
      <ReviewLine />
      <QueryState
        query={courses}
        what={t('courses.what')}
        skeleton="cards"
        skeletonCount={2}
        empty={
          <section className="empty cart-empty">
            <p>{t('courses.none')}</p>
            <Link to={links.boards()} className="btn btn-primary">
              {t('courses.buyHere')}
            </Link>
          </section>
        }
      >
        {(data) => (
          <div className="cat-grid course-grid">
            {data.map((c) => (
              <CourseCard key={c.subject_id} course={c} />
            ))}
          </div>
        )}
      </QueryState>
    </>
  );
}
