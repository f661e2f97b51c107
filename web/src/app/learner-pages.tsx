/*
 * Learner screens, composed from their features for the router.
 */
export {
  ChooseBoardPage,
  ChooseClassPage,
  ChooseSubjectPage,
  ChooseSubSubjectPage,
  ChooseChapterPage,
} from '../features/catalogue/browse-pages.tsx';
export { TopicViewerPage } from '../features/learning/topic-viewer-page.tsx';
export {
  BoardClassPage,
  AllCoursePage,
  ClassDetailPage,
  FavouritePage,
} from '../features/catalogue/class-pages.tsx';
export { CartPage, PaymentPage } from '../features/commerce/cart-page.tsx';
export { MyCoursePage } from '../features/commerce/my-courses-page.tsx';
export { ProfilePage } from '../features/learning/profile-page.tsx';
export {
  ChatAptPage,
  UserVideoPlayerPage,
  UserVideoPlayerPage as UserPlayerVideoPage,
  UserPurchasePage,
} from '../features/learning/video-pages.tsx';
