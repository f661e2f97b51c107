import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { TopicRecord } from '@gia/shared/catalogue-records.ts';
import type { Lesson } from '@gia/shared/lesson-answers.ts';
import { HOW_TO_SAVE } from '@gia/shared/downloads-messages.ts';
import { Breadcrumb, languageName } from '../../components/catalogue-ui.tsx';
import { ChevronLeftIcon, ChevronRightIcon, NotesIcon } from '../../components/icons.tsx';
import { LessonSkeleton } from '../../components/lesson-skeleton.tsx';
import { MathText } from '../../components/math/math-text.tsx';
import { hasVideo } from '../../components/video-player/source.ts';
import { OfflineNotice } from '../../components/offline.tsx';
import { InstallOffer } from '../../components/install-offer.tsx';
import { LoadError } from '../../components/query-state.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useTopics } from '../../lib/catalogue-api.ts';
import { links, useLinkParam } from '../../lib/links.ts';
import { useSession } from '../../lib/session.ts';
import { savedProgress, useLesson } from './api/lesson.ts';
import { useChapterProgress } from './api/progress.ts';
import { Curriculum } from './curriculum.tsx';
import { chapterStanding, resumeTopic, sameSelections, selectionsOf } from './lesson.ts';
import type { Quiz } from '@gia/shared/practice-answers.ts';
import { useLessonCheck } from '../../lib/practice-api.ts';
import { LessonEnd } from './lesson-end.tsx';
import { LessonPlayer } from './lesson-player.tsx';
import { LessonTabs, type LessonTab } from './lesson-tabs.tsx';
import { Questions } from './questions.tsx';
import { Reviews } from './reviews.tsx';
import { PracticeTab, type NextTopic } from './practice-tab.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { t, useT } from '../../lib/i18n.ts';
import { dropBootVideo } from '../../lib/boot.ts';

/** What the app passes in for the AI teacher: nothing when the teacher is not configured. */
export type Assistant = ((topic: TopicRecord) => ReactNode) | undefined;

/**
 * What the app offers to keep a lesson (`lesson`) or its whole chapter (`chapter`) on the phone
 * (issue 32, the downloads feature): shown under the player and in the chapter's list.
 */
export type SaveOffer = (lesson: Lesson, scope: 'lesson' | 'chapter') => ReactNode;

/** The page's title while a lesson is open, as the browser tab and history show it. */
export const lessonTitle = (topicName: string) => `${topicName} · ${t('app.name')}`;

/**
 * `/GetTopic?chapter=…&topic=…`: the lesson player. The URL names the lesson, so a reload or a
 * shared link opens the same one and sets the selections from the topic's ancestors; without a
 * topic it opens where the learner stopped, else the first. (`/GetTopic` alone still opens the
 * chosen chapter.) Choosing a lesson is a link: each lesson is its own history entry, so Back
 * returns to the lesson before; the URL the page completes itself replaces the one it came with.
 *
 * A lesson renders from its one request, `getLesson` (issue 30): the topic, the chapter with the
 * learner's progress, and the video. Reviews, questions, practice and the AI teacher load only
 * when their tab opens, and the questions pinned in the video once it plays.
 */
export function TopicViewerPage({
  assistant,
  saveOffer,
}: {
  assistant?: Assistant;
  saveOffer?: SaveOffer;
}) {
  useT();
  const navigate = useNavigate();
  const chapterParam = useLinkParam('chapter');
  const topicParam = useLinkParam('topic');
  const stored = useSession((s) => s.selections);
  const chapterId = chapterParam ?? stored.chapter?.id;
  // The chapter last chosen names the page only when it is the link's own (a shared link may be
  // of another chapter, whose name the page does not know until the lesson is read).
  const knownChapter =
    !chapterParam || stored.chapter?.id === chapterParam ? stored.chapter?.name : undefined;
  const lesson = useLesson(topicParam, chapterParam);
  // A video the boot script started that no player took (the page went elsewhere) stops with it.
  useEffect(() => dropBootVideo, []);
  // Without a topic in the link: the chapter's topics and the progress pick where to resume.
  const resumeChapter = topicParam ? undefined : chapterId;
  const topics = useTopics(resumeChapter);
  const progress = useChapterProgress(resumeChapter);
  const [tab, setTab] = useState('notes');
  // The lesson's end (issue 31), per topic: finished (the video ended, or "I've finished"), its
  // end nearing (the check is fetched then), and the check the learner took from the end.
  const [finishedId, setFinishedId] = useState<string | null>(null);
  const [nearEndId, setNearEndId] = useState<string | null>(null);
  const [taken, setTaken] = useState<{ topicId: string; quiz: Quiz } | null>(null);

  const data = lesson.data;
  // The topic as the lesson's parts take a topic record (an unknown length absent, not null).
  const topic = useMemo<TopicRecord | undefined>(
    () => data && { ...data.topic, duration_seconds: data.topic.duration_seconds ?? undefined },
    [data],
  );
  const list = data?.chapter.topics ?? [];
  const saved = data ? savedProgress(data) : [];
  const standing = chapterStanding(list, saved);
  const at = topic ? list.findIndex((t) => t.topic_id === topic.topic_id) : -1;
  const previous = at > 0 ? list[at - 1] : undefined;
  const next = at >= 0 ? list[at + 1] : undefined;
  const topicId = topic?.topic_id ?? '';
  const finished = finishedId === topicId;
  const canPractise = topic !== undefined && topic.locked !== true;
  const check = useLessonCheck(
    topicId,
    canPractise && (finished || nearEndId === topicId) && taken?.topicId !== topicId,
  );

  // A failed progress read counts as none.
  const progressKnown = !progress.isPending || progress.isError;
  const resumeTo =
    topics.data && progressKnown ? resumeTopic(topics.data, progress.data ?? []) : undefined;
  const target = topic ?? resumeTo;

  // Complete the URL (chapter and topic), so that it can be shared and reloaded as it is.
  useEffect(() => {
    if (target && (chapterParam !== target.chapter_id || topicParam !== target.topic_id)) {
      void navigate(links.topic(target.chapter_id, target.topic_id), { replace: true });
    }
  }, [target, chapterParam, topicParam, navigate]);

  // A deep link sets the selections (Board › … › Chapter) from the topic's ancestor fields.
  useEffect(() => {
    if (!topic) return;
    const wanted = selectionsOf(topic);
    if (!sameSelections(useSession.getState().selections, wanted)) {
      useSession.setState({ selections: wanted });
    }
  }, [topic]);

  useDocumentTitle(topic && lessonTitle(topic.topic_name));

  if (!chapterId && !topicParam) {
    return (
      <div className="lesson-empty">
        <h1>{t('lesson.topics')}</h1>
        <p className="empty">{t('lesson.noTopics')}</p>
        <p>
          <Link to={links.boards()} className="btn btn-primary">
            {t('lesson.chooseBoard')}
          </Link>
        </p>
      </div>
    );
  }
  const failed = topicParam ? lesson : topics;
  if (failed.isError) {
    return (
      <div className="lesson-empty">
        <h1>{knownChapter || t('lesson.topics')}</h1>
        <LoadError
          what={topicParam ? t('lesson.whatLesson') : t('lesson.whatChapter')}
          why={errorMessage(failed.error, '')}
          retrying={failed.isFetching}
          onRetry={() => void failed.refetch()}
        />
      </div>
    );
  }
  // Offline, the read waits for the network: say so rather than show the skeleton for ever.
  if (!topic && failed.isPaused) {
    return (
      <div className="lesson-empty">
        <h1>{knownChapter || t('lesson.lesson')}</h1>
        <OfflineNotice
          what={topicParam ? t('lesson.whatLesson') : t('lesson.whatChapter')}
          todo={HOW_TO_SAVE}
        />
      </div>
    );
  }
  // A lesson on its way, or a chapter with topics the page is about to open one of.
  const waiting = topicParam ? true : topics.isPending || (topics.data?.length ?? 0) > 0;
  if (!topic && waiting) return <LessonSkeleton />;
  if (!topic) {
    return (
      <div className="lesson-empty">
        <h1>{knownChapter || t('lesson.topics')}</h1>
        <Breadcrumb />
        <p className="empty">{t('lesson.noTopics')}</p>
      </div>
    );
  }

  const tabs: LessonTab[] = [
    { id: 'notes', label: t('lesson.tabs.notes'), panel: () => <LessonNotes topic={topic} /> },
    {
      id: 'practice',
      label: t('lesson.tabs.practice'),
      panel: () => (
        <LessonPractice
          topic={topic}
          next={next}
          startWith={taken?.topicId === topic.topic_id ? taken.quiz : undefined}
        />
      ),
    },
    {
      id: 'questions',
      label: t('lesson.tabs.questions'),
      panel: () => <Questions topicId={topic.topic_id} />,
    },
    {
      id: 'reviews',
      label: t('lesson.tabs.reviews'),
      panel: () => <Reviews topicId={topic.topic_id} />,
    },
  ];
  // The check offered at the end opens in the Practice tab, which comes into view.
  const takeCheck = (quiz: Quiz) => {
    setTaken({ topicId: topic.topic_id, quiz });
    setFinishedId(null);
    setTab('practice');
    requestAnimationFrame(() => {
      const tabButton = document.getElementById('tab-practice');
      tabButton?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
      tabButton?.focus({ preventScroll: true });
    });
  };
  if (assistant) {
    tabs.push({ id: 'ai', label: t('lesson.tabs.ai'), panel: () => assistant(topic) });
  }

  return (
    <div className="lesson-layout">
      <header className="lesson-header">
        <Breadcrumb />
        <p className="lesson-count">{t('lesson.position', { at: at + 1, total: list.length })}</p>
        <h1>{topic.topic_name}</h1>
      </header>
      <div className="lesson-main">
        <LessonPlayer
          topic={topic}
          saved={saved}
          finished={finished}
          onFinished={() => setFinishedId(topic.topic_id)}
          onReplay={() => setFinishedId(null)}
          onNearEnd={() => setNearEndId(topic.topic_id)}
          end={
            <LessonEnd
              subjectId={topic.subject_id}
              next={next}
              check={
                canPractise && taken?.topicId !== topic.topic_id
                  ? check.isError
                    ? null
                    : check.data
                  : null
              }
              onCheck={takeCheck}
            />
          }
        />
        {data && saveOffer?.(data, 'lesson')}
        {/* After a finished lesson, a quiet offer to install the app (when the browser can). */}
        <InstallOffer finishedLesson={finished} />
        {/* While the lesson's end is shown, its one primary action stands alone (no second
            "Next lesson" here). */}
        <nav className="lesson-nav" aria-label={t('lesson.lessons')}>
          {previous ? (
            <Link
              to={links.topic(previous.chapter_id, previous.topic_id)}
              className="btn"
              rel="prev"
            >
              <ChevronLeftIcon /> {t('lesson.previous')}
            </Link>
          ) : (
            <span />
          )}
          {!finished && topic.locked !== true && hasVideo(topic) && (
            <button
              type="button"
              className="lesson-finish"
              onClick={() => setFinishedId(topic.topic_id)}
            >
              {t('lesson.finished')}
            </button>
          )}
          {next && !finished && (
            <Link to={links.topic(next.chapter_id, next.topic_id)} className="btn" rel="next">
              {t('lesson.nextLesson')} <ChevronRightIcon />
            </Link>
          )}
        </nav>
      </div>
      <Curriculum
        chapterName={data?.chapter.chapter_name || topic.chapter_name || stored.chapter?.name || ''}
        topics={list}
        currentId={topic.topic_id}
        watched={standing.watched}
        action={data && saveOffer?.(data, 'chapter')}
      />
      <div className="lesson-details">
        <LessonTabs tabs={tabs} selected={tab} onSelect={setTab} label={t('lesson.tabsLabel')} />
      </div>
    </div>
  );
}

/**
 * The Practice tab: a chapter test cites other topics' notes, so the chapter's topics (with their
 * signed notes) are read once the tab opens, not with the lesson.
 */
function LessonPractice({
  topic,
  next,
  startWith,
}: {
  topic: TopicRecord;
  next?: NextTopic;
  startWith?: Quiz;
}) {
  const topics = useTopics(topic.chapter_id);
  return (
    <PracticeTab
      topicId={topic.topic_id}
      next={next}
      startWith={startWith}
      chapterId={topic.chapter_id}
      subjectId={topic.subject_id}
      notesOf={(id) =>
        (id === topic.topic_id
          ? topic.notes_url
          : topics.data?.find((t) => t.topic_id === id)?.notes_url) || undefined
      }
    />
  );
}

/** The Notes tab: what the lesson is about, its notes (read in the app's viewer) and its facts. */
function LessonNotes({ topic }: { topic: TopicRecord }) {
  const t = useT();
  return (
    <section className="card lesson-notes" aria-label={t('lesson.tabs.notes')}>
      {topic.topic_description && (
        <p>
          <MathText text={topic.topic_description} />
        </p>
      )}
      {topic.notes_url && (
        <Link to={links.notes(topic.topic_id)} className="btn btn-primary lesson-notes-read">
          <NotesIcon /> {t('lesson.readNotes')}
        </Link>
      )}
      <dl className="facts">
        {!topic.notes_url && (
          <>
            <dt>{t('lesson.tabs.notes')}</dt>
            <dd>{t('lesson.notAvailable')}</dd>
          </>
        )}
        <dt>{t('lesson.author')}</dt>
        <dd>{topic.author || t('lesson.na')}</dd>
        <dt>{t('lesson.class')}</dt>
        <dd>{topic.class_name || t('lesson.na')}</dd>
        <dt>{t('lesson.language')}</dt>
        <dd>{topic.language ? languageName(topic.language) : t('lesson.na')}</dd>
      </dl>
    </section>
  );
}
