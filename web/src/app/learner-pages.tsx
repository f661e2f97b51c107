/*
 * Learner screens, composed from their features for the router. Features do not import each
 * other: where a screen shows another feature's widget (a subject card's 'Add to Cart', the
 * topic's AI teacher), it is passed in here. The catalogue's screens (the pages a visitor opens
 * from a link) are composed in catalogue-pages.tsx and subject-route.tsx, each its own lazy part
 * of the bundle, so opening one never loads the lessons, the AI teacher or the profile.
 */
import { AiChat, TopicAiTeacher } from '../features/ai/ai-chat.tsx';
import { useAiStatus } from '../features/ai/api/ai.ts';
import { SubjectAction } from '../features/commerce/subject-action.tsx';
import { FavouritePage as Favourites } from '../features/favourites/favourite-page.tsx';
import { TopicViewerPage as TopicViewer } from '../features/learning/topic-viewer-page.tsx';
import { UserVideoPlayerPage as VideoPlayer } from '../features/learning/video-pages.tsx';

export { CartPage } from '../features/commerce/cart-page.tsx';
export { PaymentPage } from '../features/commerce/payment-page.tsx';
export { MyCoursePage } from '../features/commerce/my-courses-page.tsx';
export { ProfilePage } from '../features/profile/profile-page.tsx';
export { UserPurchasePage } from '../features/learning/video-pages.tsx';
export { ChatAptPage } from '../features/ai/chat-apt-page.tsx';

/** `/Favourite`. */
export const FavouritePage = () => (
  <Favourites
    subjectAction={(s) => (
      <SubjectAction subjectId={s.subject_id} freeCourse={s.free_course === true} />
    )}
  />
);

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

/** `/UserVideoPlayer` (and `/UserPlayerVideo`), with a plain AI chat. */
export const UserVideoPlayerPage = () => (
  <VideoPlayer chat={<AiChat label="Ask about this subject" />} />
);
export { UserVideoPlayerPage as UserPlayerVideoPage };
