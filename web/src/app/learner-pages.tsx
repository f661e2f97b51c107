/*
 * Learner screens, composed from their features for the router. Features do not import each
 * other: where a screen shows another feature's widget (a subject card's favourite heart and
 * 'Add to Cart', the topic's AI teacher), it is passed in here.
 */
import type { SubjectRecord } from '@gia/shared/catalogue-records.ts';
import { AiChat, TopicAiTeacher } from '../features/ai/ai-chat.tsx';
import { useAiStatus } from '../features/ai/api/ai.ts';
import {
  ChooseSubjectPage as ChooseSubject,
  ChooseSubSubjectPage as ChooseSubSubject,
} from '../features/catalogue/browse-pages.tsx';
import { ClassDetailPage as ClassDetail } from '../features/catalogue/class-pages.tsx';
import { SubjectAction } from '../features/commerce/subject-action.tsx';
import { FavouriteHeart } from '../features/favourites/favourite-heart.tsx';
import { SubjectPage as Subject } from '../features/subject/subject-page.tsx';
import { FavouritePage as Favourites } from '../features/favourites/favourite-page.tsx';
import { TopicViewerPage as TopicViewer } from '../features/learning/topic-viewer-page.tsx';
import { UserVideoPlayerPage as VideoPlayer } from '../features/learning/video-pages.tsx';

export {
  ChooseBoardPage,
  ChooseClassPage,
  ChooseChapterPage,
} from '../features/catalogue/browse-pages.tsx';
export { BoardClassPage, AllCoursePage } from '../features/catalogue/course-lists.tsx';
export { CartPage } from '../features/commerce/cart-page.tsx';
export { PaymentPage } from '../features/commerce/payment-page.tsx';
export { MyCoursePage } from '../features/commerce/my-courses-page.tsx';
export { ProfilePage } from '../features/profile/profile-page.tsx';
export { UserPurchasePage } from '../features/learning/video-pages.tsx';
export { ChatAptPage } from '../features/ai/chat-apt-page.tsx';

/** A subject card's buttons: the favourite heart, and what the subject offers (buy, owned, free…). */
const subjectActions = (s: SubjectRecord) => {
  const id = s.subject_id;
  return (
    <>
      <FavouriteHeart subjectId={id} />
      <SubjectAction subjectId={id} freeCourse={s.free_course === true} />
    </>
  );
};

/** `/GetSubject`. */
export const ChooseSubjectPage = () => <ChooseSubject subjectActions={subjectActions} />;

/** `/GetSubSubject`, with the favourites' heart of its subject. */
export const ChooseSubSubjectPage = () => (
  <ChooseSubSubject
    subjectHeart={(id, name) => <FavouriteHeart subjectId={id} subjectName={name} />}
  />
);

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

/** `/subjects/:subjectId`: the subject page, with what the subject offers. */
export const SubjectPage = () => (
  <Subject
    action={(s) => (
      <SubjectAction subjectId={s.subject_id} freeCourse={s.free_course === true} large />
    )}
  />
);

/** `/classes/{classId}`: the class page, with what each of its subjects offers. */
export const ClassDetailPage = () => (
  <ClassDetail
    subjectAction={(s) => (
      <SubjectAction subjectId={s.subject_id} freeCourse={s.free_course === true} />
    )}
  />
);
