import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { LearnerLayout } from '../components/layouts/learner-layout.tsx';
import { LessonSkeleton } from '../components/lesson-skeleton.tsx';
import { Boundary } from '../components/boundary.tsx';
import { useClearErrorsOnNavigate } from '../components/toast.tsx';
import { useCartCount } from './cart-count.ts';
import { useT, withMessages } from '../lib/i18n.ts';
import { ADMIN_SCREENS } from '../features/admin/admin-screens.ts';
import { ScrollToTop } from './scroll-to-top.tsx';
import { RequireAdmin, RequireLearner } from './guards.tsx';
// The landing page is the first paint of most visits: part of the main bundle, not a lazy chunk.
import LandingPage from '../features/landing/landing-page.tsx';
// The course lists (/AllCourse, /Board-Class) are pages visitors land on from links too, and
// small (about 1.5 KB gzip with their list helpers): in the main bundle, their data request
// starts a round trip sooner than behind a lazy chunk of their own.
import { AllCoursePage, BoardClassPage } from '../features/catalogue/course-lists.tsx';

type Lazy = LazyExoticComponent<ComponentType>;
const page = (load: () => Promise<{ default: ComponentType }>): Lazy => lazy(load);
const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): Lazy =>
  lazy(async () => ({ default: (await load())[name] }));

// Each lazy part waits for the message catalogue parts its screens use (src/locales/parts.ts:
// parts.test.ts proves the list), so a screen never shows an id, nor English in Kannada.
const SignIn = page(withMessages(['auth'], () => import('../features/auth/sign-in-page.tsx')));
const AdminLogin = page(
  withMessages(['auth'], () => import('../features/auth/admin-login-page.tsx')),
);
const forgot = withMessages(['auth'], () => import('../features/auth/forgot-password-page.tsx'));
const ForgotPassword = named(forgot, 'LearnerForgotPasswordPage');
const AdminForgotPassword = named(forgot, 'AdminForgotPasswordPage');
const Outbox = named(() => import('../features/local/outbox-page.tsx'), 'OutboxPage');
const NotFound = page(
  withMessages(['static'], () => import('../features/static/not-found-page.tsx')),
);
const legal = withMessages(['static'], () => import('../features/static/legal-pages.tsx'));
const Terms = named(legal, 'TermsPage');
const Privacy = named(legal, 'PrivacyPage');
// One lazy part per kind of screen: a visitor opening a course list or a subject from a link
// loads that screen's code only, not the lessons, the AI teacher or the profile (learner-pages).
const browse = () => import('../features/catalogue/browse-pages.tsx');
const catalogue = withMessages(['player', 'course'], () => import('./catalogue-pages.tsx'));
const subject = withMessages(['player', 'course'], () => import('./subject-route.tsx'));
const learner = withMessages(
  ['player', 'course', 'learning', 'account'],
  () => import('./learner-pages.tsx'),
);
const lesson = withMessages(['player', 'learning'], () => import('./lesson-route.tsx'));
// The notes viewer: its part (and pdf.js, a chunk of its own) loads only when notes are opened.
const notes = withMessages(['learning'], () => import('./notes-route.tsx'));
// The saved packs (issue 32): a small screen of its own, never in the precache's entry.
const Downloads = named(
  withMessages(['learning'], () => import('../features/downloads/downloads-page.tsx')),
  'DownloadsPage',
);
// Search (issue 34): its page and the search code (minisearch) load only when a search is made.
const Search = named(
  withMessages(['search'], () => import('../features/search/search-page.tsx')),
  'SearchPage',
);
const L = {
  GetBoard: named(browse, 'ChooseBoardPage'),
  GetClasses: named(browse, 'ChooseClassPage'),
  GetSubject: named(catalogue, 'ChooseSubjectPage'),
  GetSubSubject: named(catalogue, 'ChooseSubSubjectPage'),
  GetChapters: named(browse, 'ChooseChapterPage'),
  GetTopic: named(lesson, 'TopicViewerPage'),
  Notes: named(notes, 'NotesPage'),
  ClassDetail: named(catalogue, 'ClassDetailPage'),
  Subject: named(subject, 'SubjectPage'),
  UserPurchase: named(learner, 'UserPurchasePage'),
  UserPlayerVideo: named(learner, 'UserPlayerVideoPage'),
  UserVideoPlayer: named(learner, 'UserVideoPlayerPage'),
  ChatApt: named(learner, 'ChatAptPage'),
  Cart: named(learner, 'CartPage'),
  Payment: named(learner, 'PaymentPage'),
  Favourite: named(learner, 'FavouritePage'),
  Profile: named(learner, 'ProfilePage'),
  MyCourse: named(learner, 'MyCoursePage'),
  Review: named(learner, 'ReviewPage'),
};
const el = (C: Lazy) => <C />;

export function AppRoutes() {
  const t = useT();
  useClearErrorsOnNavigate();
  return (
    <Boundary fallback={<p className="loading">{t('page.loading')}</p>}>
      <Routes>
        <Route path="/AdminLoginNew" element={el(AdminLogin)} />
        <Route path="/admin/login" element={el(AdminLogin)} />
        <Route path="/admin/forgot-password" element={el(AdminForgotPassword)} />
        <Route element={<RequireAdmin />}>
          {/* The whole admin area is one lazily loaded part of the bundle (admin-screens.ts). */}
          {ADMIN_SCREENS.map((s) => (
            <Route key={s.path} path={s.path} element={el(s.Screen)} />
          ))}
        </Route>
        <Route element={<LearnerLayout useCartCount={useCartCount} />}>
          <Route path="/" element={<LandingPage />} />
          <Route path="/signin" element={el(SignIn)} />
          <Route path="/signup" element={el(SignIn)} />
          <Route path="/User/Login" element={el(SignIn)} />
          <Route path="/forgot-password" element={el(ForgotPassword)} />
          <Route path="/local/outbox" element={el(Outbox)} />
          <Route path="/GetBoard" element={el(L.GetBoard)} />
          <Route path="/Getboard" element={el(L.GetBoard)} />
          <Route path="/GetClasses" element={el(L.GetClasses)} />
          <Route path="/GetSubject" element={el(L.GetSubject)} />
          <Route path="/GetSubSubject" element={el(L.GetSubSubject)} />
          <Route path="/GetChapters" element={el(L.GetChapters)} />
          <Route path="/Board-Class" element={<BoardClassPage />} />
          <Route path="/AllCourse" element={<AllCoursePage />} />
          <Route path="/classes/:classId" element={el(L.ClassDetail)} />
          <Route path="/subjects/:subjectId" element={el(L.Subject)} />
          <Route path="/search" element={el(Search)} />
          <Route path="/termsandconditions" element={el(Terms)} />
          <Route path="/privacypolicy" element={el(Privacy)} />
          {/* The lesson's skeleton while the session and the page's code load: the prerendered
              lesson page paints it (issue 30), and it stays in place until the lesson shows. */}
          <Route element={<RequireLearner pending={<LessonSkeleton />} availableOffline />}>
            <Route
              path="/GetTopic"
              element={<Boundary fallback={<LessonSkeleton />}>{el(L.GetTopic)}</Boundary>}
            />
          </Route>
          <Route element={<RequireLearner availableOffline />}>
            <Route path="/Notes" element={el(L.Notes)} />
            <Route path="/Downloads" element={el(Downloads)} />
          </Route>
          <Route element={<RequireLearner />}>
            <Route path="/UserPurchase" element={el(L.UserPurchase)} />
            <Route path="/UserPlayerVideo" element={el(L.UserPlayerVideo)} />
            <Route path="/UserVideoPlayer" element={el(L.UserVideoPlayer)} />
            <Route path="/ChatApt" element={el(L.ChatApt)} />
            <Route path="/CartScreen" element={el(L.Cart)} />
            <Route path="/Payment" element={el(L.Payment)} />
            <Route path="/Favourite" element={el(L.Favourite)} />
            <Route path="/Profile" element={el(L.Profile)} />
            <Route path="/MyCourse" element={el(L.MyCourse)} />
            <Route path="/Review" element={el(L.Review)} />
          </Route>
          <Route path="*" element={el(NotFound)} />
        </Route>
      </Routes>
    </Boundary>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <ScrollToTop />
      <AppRoutes />
    </BrowserRouter>
  );
}
