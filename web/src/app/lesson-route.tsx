/*
 * The lesson page (`/GetTopic`), its own lazy part of the bundle: a lesson link opened from a class
 * group loads the lesson's code only, not the cart, the payment or the profile (learner-pages).
 */
import { TopicAiTeacher } from '../features/ai/ai-chat.tsx';
import { TopicViewerPage as TopicViewer } from '../features/learning/topic-viewer-page.tsx';
import { preloadHls } from '../components/video-player/use-video-stream.ts';

// The lesson plays HLS through hls.js: its download starts with this part, beside the lesson's
// read, instead of after the page has rendered its player.
preloadHls();

/**
 * `/GetTopic`, always with the topic's AI teacher as a tab: without the AI model it answers from
 * the topic's notes (notes mode).
 */
export const TopicViewerPage = () => (
  <TopicViewer
    assistant={(t) => <TopicAiTeacher topicId={t.topic_id} topicName={t.topic_name} />}
  />
);
