import { useQueryClient } from '@tanstack/react-query';
import { lessonKeys, useLesson } from '../lib/lesson-api.ts';
import { useT } from '../lib/i18n.ts';
import { VideoPlayer } from './video-player/video-player.tsx';
import { videoSourceOf, type VideoFields } from './video-player/source.ts';

/** The topic a preview plays, as a catalogue page lists it. */
export interface PreviewTopic extends VideoFields {
  topic_id: string;
  topic_name: string;
  /** Its chapter, where the page knows it: the lesson read then costs the server one read less. */
  chapter_id?: string;
}

/**
 * A lesson played outside its page (a free preview on a subject's or a class's page, or a lesson
 * the learner owns): the same player, stream and captions as the lesson page, from the same read
 * (`getLesson`, which decides who may watch it and signs its HLS for them). Until that answers,
 * a black box the player's size stands in; if it fails, the page's own record plays (its MP4).
 * `onRenew` re-reads what the page listed, beside the lesson.
 */
export function LessonPreview({
  topic,
  onRenew,
}: {
  topic: PreviewTopic;
  onRenew?: () => Promise<unknown>;
}) {
  const t = useT();
  const lesson = useLesson(topic.topic_id, topic.chapter_id);
  const queryClient = useQueryClient();
  if (lesson.isPending) {
    return (
      <div
        className="vp vp-pending"
        role="status"
        aria-label={t('common.loadingNamed', { name: topic.topic_name })}
      />
    );
  }
  return (
    <VideoPlayer
      source={videoSourceOf(lesson.data?.topic ?? topic)}
      title={topic.topic_name}
      autoPlay
      onRenew={() =>
        Promise.all([
          queryClient.refetchQueries({ queryKey: lessonKeys.lesson(topic.topic_id) }),
          onRenew?.(),
        ])
      }
    />
  );
}
