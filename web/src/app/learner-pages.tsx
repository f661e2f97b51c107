/*
 * Learner screens, composed from their features for the router. Features do not import each
 * other: where a screen shows another feature's widget (a subject card's 'Add to Cart', the
 * topic's AI teacher), it is passed in here. The catalogue's screens (the pages a visitor opens
 * from a link) are composed in catalogue-pages.tsx and subject-route.tsx, each its own lazy part
 * of the bundle, so opening one never loads the lessons, the AI teacher or the profile.
 */
import { AiChat } from '../features/ai/ai-chat.tsx';
import { SubjectAction } from '../features/commerce/subject-action.tsx';
import { FavouritePage as Favourites } from '../features/favourites/favourite-page.tsx';
import { UserVideoPlayerPage as VideoPlayer } from '../features/learning/video-pages.tsx';
import { useT } from '../lib/i18n.ts';

export { CartPage } from '../features/commerce/cart-page.tsx';
export { PaymentPage } from '../features/commerce/payment-page.tsx';
export { MyCoursePage } from '../features/commerce/my-courses-page.tsx';
export { ReviewPage } from '../features/learning/review-page.tsx';
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

/** `/UserVideoPlayer` (and `/UserPlayerVideo`), with a plain AI chat. */
export function UserVideoPlayerPage() {
  const t = useT();
  return <VideoPlayer chat={<AiChat label={t('common.account.askAboutSubject')} />} />;
}
export { UserVideoPlayerPage as UserPlayerVideoPage };
