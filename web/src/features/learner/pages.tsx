/*
 * Learner screens, composed from their features for the router.
 */
export {
  ChooseBoardPage,
  ChooseClassPage,
  ChooseSubjectPage,
  ChooseSubSubjectPage,
  ChooseChapterPage,
} from '../catalogue/browse-pages.tsx';
export { TopicViewerPage } from '../catalogue/topic-viewer-page.tsx';
export {
  BoardClassPage,
  AllCoursePage,
  ClassDetailPage,
  FavouritePage,
} from '../catalogue/class-pages.tsx';
export { CartPage, PaymentPage } from '../commerce/cart-page.tsx';
export { MyCoursePage } from '../commerce/my-courses-page.tsx';
export { ProfilePage } from '../learning/profile-page.tsx';
export {
  ChatAptPage,
  UserVideoPlayerPage,
  UserVideoPlayerPage as UserPlayerVideoPage,
  UserPurchasePage,
} from '../learning/video-pages.tsx';
