import { BASES } from '@gia/shared';
import { ADMIN_DATA, LEARNER_DATA, USERS_DATA } from './demo.ts';

/**
 * The API calls each screen makes for its data (learner screens per the learner-area
 * specification, admin screens per the back-office one). `{…}` parts are filled from the demo
 * catalogue by the benchmark.
 */
export interface ScreenCalls {
  screen: string;
  who: 'visitor' | 'learner' | 'admin';
  calls: string[];
}

const L = LEARNER_DATA;
const U = USERS_DATA;
const A = ADMIN_DATA;

export const SCREENS: ScreenCalls[] = [
  {
    screen: '/ (landing)',
    who: 'visitor',
    calls: [`${L}/getBoards`, `${L}/getClasses`, `${L}/gettestimonial`],
  },
  { screen: '/GetBoard', who: 'learner', calls: [`${L}/getBoards`] },
  { screen: '/GetClasses', who: 'learner', calls: [`${L}/getClasses?board_id={board}`] },
  {
    screen: '/GetSubject',
    who: 'learner',
    calls: [
      `${L}/getSubjects?class_id={class}`,
      `${U}/getuser_favorites`,
      `${L}/getsubjects_purchased`,
    ],
  },
  { screen: '/GetSubSubject', who: 'learner', calls: [`${L}/getSubSubjects?subject_id={subject}`] },
  {
    screen: '/GetChapters',
    who: 'learner',
    calls: [`${L}/getChapters?sub_subject_id={subSubject}`],
  },
  // The lesson starts from one request (issue 30); its tabs read the rest when opened.
  {
    screen: '/GetTopic',
    who: 'learner',
    calls: [`${L}/getLesson?topic_id={topic}&chapter_id={chapter}`],
  },
  {
    screen: '/GetTopic (Questions, Reviews)',
    who: 'learner',
    // As the SPA sends them: a read about the topic names its subject, class and board (the
    // lesson read gave them), hints that save the server a read.
    calls: [
      `${L}/getreviews?topic_id={topic}`,
      `${L}/getqna?topic_id={topic}&subject_id={subject}&class_id={class}&board_id={board}`,
    ],
  },
  {
    // The lesson's Practice tab (issue 17): a lesson quiz, a chapter test, the video's questions.
    screen: '/GetTopic (Practice)',
    who: 'learner',
    calls: [
      `${L}/getQuiz?topic_id={topic}&subject_id={subject}&class_id={class}&board_id={board}`,
      `${L}/getQuiz?chapter_id={chapter}&subject_id={subject}&class_id={class}&board_id={board}&topic_ids={chapterTopics}`,
      `${L}/getVideoQuestions?topic_id={topic}`,
    ],
  },
  { screen: '/classes/{id}', who: 'visitor', calls: [`${L}/getClasses_Byid/{class}`] },
  { screen: '/Board-Class', who: 'visitor', calls: [`${L}/getClasses`] },
  { screen: '/AllCourse', who: 'visitor', calls: [`${L}/getSubjects`] },
  { screen: '/CartScreen', who: 'learner', calls: [`${L}/getUSER_CART`] },
  { screen: '/Favourite', who: 'learner', calls: [`${U}/getuser_favorites`] },
  // My Courses' Continue and Start (my-courses-page.tsx).
  { screen: '/MyCourse', who: 'learner', calls: [`${L}/getCourseProgress`] },
  { screen: '/UserPurchase', who: 'learner', calls: [`${L}/getUserClassPurchased`] },
  // The profile and its orders (your-orders.tsx).
  {
    screen: '/Profile',
    who: 'learner',
    calls: [`${L}/getclass_users`, `${L}/getpayment_history`],
  },
  // The receipt after paying (payment-page.tsx): the payments, and the progress for its Start.
  {
    screen: '/Payment',
    who: 'learner',
    calls: [`${L}/getpayment_history`, `${L}/getCourseProgress`],
  },
  { screen: '/Board', who: 'admin', calls: [`${A}/getBoards`] },
  { screen: '/Class', who: 'admin', calls: [`${A}/getClasses`, `${A}/getBoards`] },
  {
    screen: '/Subject',
    who: 'admin',
    calls: [`${A}/getSubjects`, `${A}/getClasses`, `${A}/getBoards`],
  },
  { screen: '/SubSubject', who: 'admin', calls: [`${A}/getSubSubjects`, `${A}/getSubjects`] },
  {
    screen: '/SubjectDetails',
    who: 'admin',
    calls: [`${A}/getAboutSubjects`, `${A}/getSubSubjects`],
  },
  {
    screen: '/Chapters',
    who: 'admin',
    calls: [`${A}/getChapters`, `${A}/getSubjects`, `${A}/getSubSubjects`],
  },
  { screen: '/Topics', who: 'admin', calls: [`${A}/getTopics`, `${A}/getChapters`] },
  { screen: '/Testimonial', who: 'admin', calls: [`${A}/gettestimonial`] },
  { screen: '/AdminUserList', who: 'admin', calls: [`${A}/getAdmins`] },
];

/** One request of the journey, and the screen (and the SPA code) that sends it. */
export interface JourneyStep {
  screen: string;
  method: 'GET' | 'POST';
  path: string;
  body?: Record<string, string>;
}

/**
 * One learner's journey, from the landing page to a purchased topic playing: the requests the SPA
 * (web/src) sends on the way, in its order, one per row (read from the code: TanStack Query's
 * 30 s `staleTime`, what each screen mounts, what a mutation refreshes). Not here, because no
 * request leaves the browser: the cart screen (the add's answer filled its query), the cart and
 * the purchases after paying (the payment's answer carries them), reviews and questions (their
 * tabs load only when opened), and the pages' own HTML and bundle.
 */
export const JOURNEY: JourneyStep[] = [
  // `/` (landing-page.tsx): the boards, the classes and the testimonials.
  { screen: '/', method: 'GET', path: `${L}/getBoards` },
  { screen: '/', method: 'GET', path: `${L}/getClasses` },
  { screen: '/', method: 'GET', path: `${L}/gettestimonial` },
  {
    screen: '/signin',
    method: 'POST',
    path: `${BASES.learner}/login/request`,
    body: { email: '{email}', password: '{password}' },
  },
  // `/GetBoard` (redirect.ts AFTER_SIGN_IN): the boards again once the landing's answer is over
  // 30 s old (typing an e-mail and a password takes that long); the header's cart count
  // (cart-count.ts) reads the cart as soon as there is a session.
  { screen: '/GetBoard', method: 'GET', path: `${L}/getBoards` },
  { screen: '/GetBoard (header)', method: 'GET', path: `${L}/getUSER_CART` },
  { screen: '/GetClasses', method: 'GET', path: `${L}/getClasses?board_id={board}` },
  // `/GetSubject`: the subjects, each card's heart (favourites) and offer (purchases; the cart's
  // query is the header's).
  { screen: '/GetSubject', method: 'GET', path: `${L}/getSubjects?class_id={class}` },
  { screen: '/GetSubject', method: 'GET', path: `${U}/getuser_favorites` },
  { screen: '/GetSubject', method: 'GET', path: `${L}/getsubjects_purchased` },
  // Add to Cart: its answer carries the cart, which the cart screen then shows without a read.
  {
    screen: '/GetSubject (Add to Cart)',
    method: 'POST',
    path: `${L}/insertUSER_CART`,
    body: { subject_id: '{subject}' },
  },
  { screen: '/CartScreen (Pay)', method: 'POST', path: `${L}/processPayment` },
  {
    screen: '/CartScreen (local checkout)',
    method: 'POST',
    path: `${BASES.local}/razorpay/pay`,
    body: { order_id: '{order}' },
  },
  {
    screen: '/CartScreen (paid)',
    method: 'POST',
    path: `${L}/insertpayment_hsitory`,
    body: {
      razorpay_order_id: '{order}',
      razorpay_payment_id: '{payment}',
      razorpay_signature: '{signature}',
    },
  },
  // use-cart.ts finish: the payment's answer carries the cart (the header's count needs no read)
  // and the subjects owned now (what opens depends on them). `/Payment?order=` (payment-page.tsx):
  // the receipts, read again every 2 s until the invoice the table stream makes is on them (one
  // read before it, one after), and the course progress for the Start link.
  { screen: '/Payment', method: 'GET', path: `${L}/getpayment_history` },
  { screen: '/Payment', method: 'GET', path: `${L}/getpayment_history` },
  { screen: '/Payment', method: 'GET', path: `${L}/getCourseProgress` },
  // Start → `/GetTopic?chapter=&topic=` (topic-viewer-page.tsx): the lesson in one request; once
  // it plays, its pinned questions (video-questions.tsx) and the first progress save (progress.ts
  // sends at the first time update, then at most every 30 s, and at pause, end and page hide).
  {
    screen: '/GetTopic',
    method: 'GET',
    path: `${L}/getLesson?topic_id={topic}&chapter_id={chapter}`,
  },
  { screen: '/GetTopic (playing)', method: 'GET', path: `${L}/getVideoQuestions?topic_id={topic}` },
  {
    screen: '/GetTopic (playing)',
    method: 'POST',
    path: `${L}/saveTopicProgress`,
    body: { topic_id: '{topic}', position_seconds: '30', duration_seconds: '6' },
  },
];
