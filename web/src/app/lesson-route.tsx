/*
 * The lesson page (`/GetTopic`), its own lazy part of the bundle: a lesson link opened from a class
 * group loads the lesson's code only, not the cart, the payment or the profile (learner-pages).
 */
import { TopicAiTeacher } from '../features/ai/ai-chat.tsx';
import { useAiStatus } from '../features/ai/api/ai.ts';
import { TopicViewerPage as TopicViewer } from '../features/learning/topic-viewer-page.tsx';
import { preloadHls } from '../components/video-player/use-video-stream.ts';

// The lesson plays HLS through hls.js: its download starts with this part, beside the lesson's
// read, instead of after the page has rendered its player.
preloadHls();

/** `/GetTopic`, with the topic's AI teacher as a tab when the teacher is configured. */
export const TopicViewerPage = () => {
  const ai = useAiStatus();
  return (
    <TopicViewer
      assistant={
        ai.data
          ? (t) => <TopicAiTeacher topicId={t.topic_id} topicName={t.topic_name} />
          : undefined
      }
    />
  );
};
