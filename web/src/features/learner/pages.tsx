import { PageHeading } from '../../components/page-heading.tsx';

export {
  ChooseBoardPage,
  ChooseClassPage,
  ChooseSubjectPage,
  ChooseSubSubjectPage,
  ChooseChapterPage,
} from '../catalogue/browse-pages.tsx';
export { CartPage, PaymentPage } from '../commerce/cart-page.tsx';
export { MyCoursePage } from '../commerce/my-courses-page.tsx';
export { TopicViewerPage } from '../catalogue/topic-viewer-page.tsx';
export {
  BoardClassPage,
  AllCoursePage,
  ClassDetailPage,
  FavouritePage,
} from '../catalogue/class-pages.tsx';

/*
 * Learner screens. Each is filled by its own feature as the catalogue browsing, commerce and
 * learning screens land; until then a screen shows its heading only and claims nothing.
 */
export const UserPurchasePage = () => <PageHeading title="Purchased Classes" />;
export const UserPlayerVideoPage = () => <PageHeading title="Video Player" />;
export const UserVideoPlayerPage = () => <PageHeading title="Video Player" />;
export const ChatAptPage = () => <PageHeading title="Ask the AI Teacher" />;
export const ProfilePage = () => <PageHeading title="My Profile" />;
