import { PageHeading } from '../../components/page-heading.tsx';

/*
 * Learner screens. Each is filled by its own feature as the catalogue browsing, commerce and
 * learning screens land; until then a screen shows its heading only and claims nothing.
 */
export const ChooseBoardPage = () => <PageHeading title="Choose Board" />;
export const ChooseClassPage = () => <PageHeading title="Choose Class" />;
export const ChooseSubjectPage = () => <PageHeading title="Choose Subject" />;
export const ChooseSubSubjectPage = () => <PageHeading title="Choose Sub-Subject" />;
export const ChooseChapterPage = () => <PageHeading title="Choose Chapter" />;
export const TopicViewerPage = () => <PageHeading title="Topics" />;
export const BoardClassPage = () => <PageHeading title="Classes" />;
export const AllCoursePage = () => <PageHeading title="All Courses" />;
export const ClassDetailPage = () => <PageHeading title="Class Details" />;
export const UserPurchasePage = () => <PageHeading title="Purchased Classes" />;
export const UserPlayerVideoPage = () => <PageHeading title="Video Player" />;
export const UserVideoPlayerPage = () => <PageHeading title="Video Player" />;
export const ChatAptPage = () => <PageHeading title="Ask the AI Teacher" />;
export const CartPage = () => <PageHeading title="My Cart" />;
export const PaymentPage = () => <PageHeading title="Payment" />;
export const FavouritePage = () => <PageHeading title="My Favourites" />;
export const ProfilePage = () => <PageHeading title="My Profile" />;
export const MyCoursePage = () => <PageHeading title="My Courses" />;
