import { useEffect, useRef, useState } from 'react';
import type { VideoQuestion } from '@gia/shared/practice-answers.ts';
import { clock } from '../../lib/duration.ts';
import { useT } from '../../lib/i18n.ts';
import { useAnswerQuestion, useVideoQuestions } from '../../lib/practice-api.ts';
import { QuestionCard } from './question-card.tsx';

/** How late after its moment a question is still asked (a time update comes about every 250 ms). */
const CATCH_SECONDS = 1.5;

/**
 * Questions inside the video (issue 17): `watch(video)` on each time update pauses the video at
 * a pinned question's moment and `panel` asks it under the player; Continue (after the answer)
 * or Skip plays on. Each question is asked once per visit of the lesson.
 */
export function useVideoQuestionStops(topicId: string, enabled: boolean, notesUrl?: string) {
  const questions = useVideoQuestions(topicId, enabled);
  const asked = useRef(new Set<string>());
  const video = useRef<HTMLVideoElement | null>(null);
  const [asking, setAsking] = useState<VideoQuestion | null>(null);

  useEffect(() => {
    asked.current = new Set();
    setAsking(null);
  }, [topicId]);

  function watch(v: HTMLVideoElement) {
    video.current = v;
    if (asking || v.paused) return;
    const due = (questions.data ?? []).find(
      (q) =>
        !asked.current.has(q.question_id) &&
        v.currentTime >= q.video_seconds &&
        v.currentTime < q.video_seconds + CATCH_SECONDS,
    );
    if (!due) return;
    asked.current.add(due.question_id);
    v.pause();
    setAsking(due);
  }

  function resume() {
    setAsking(null);
    void video.current?.play()?.catch(() => undefined);
  }

  const panel = asking ? (
    <VideoQuestionPanel
      key={asking.question_id}
      question={asking}
      notesUrl={notesUrl}
      done={resume}
    />
  ) : null;
  return { watch, panel };
}

function VideoQuestionPanel(props: { question: VideoQuestion; notesUrl?: string; done(): void }) {
  const t = useT();
  const answer = useAnswerQuestion();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  const q = props.question;
  return (
    <div
      ref={box}
      tabIndex={-1}
      className="card video-question"
      role="region"
      aria-label={t('practice.videoQuestionLabel', { time: clock(q.video_seconds) })}
    >
      <QuestionCard
        question={q}
        notesUrl={props.notesUrl}
        heading={t('practice.videoPaused', { time: clock(q.video_seconds) })}
        check={(given) => answer.mutateAsync({ question_id: q.question_id, answer: given })}
        aside={
          <button type="button" className="btn" onClick={props.done}>
            {t('practice.skip')}
          </button>
        }
      >
        {() => (
          <div className="practice-actions">
            <button type="button" className="btn btn-primary" onClick={props.done}>
              {t('practice.continueVideo')}
            </button>
          </div>
        )}
      </QuestionCard>
    </div>
  );
}
