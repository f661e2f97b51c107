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
  {
    screen: '/GetTopic',
    who: 'learner',
    calls: [
      `${L}/getTopics?chapter_id={chapter}`,
      // The learner's own part of the chapter (the lessons they may play), beside the public list.
      `${L}/getMyCatalogueState?chapter_id={chapter}`,
      `${L}/getreviews?topic_id={topic}`,
      `${L}/getqna?topic_id={topic}`,
      `${L}/getTopicProgress?chapter_id={chapter}`,
    ],
  },
  {
    // The lesson's Practice tab (issue 17): a lesson quiz, a chapter test, the video's questions.
    screen: '/GetTopic (Practice)',
    who: 'learner',
    calls: [
      `${L}/getQuiz?topic_id={topic}`,
      `${L}/getQuiz?chapter_id={chapter}`,
      `${L}/getVideoQuestions?topic_id={topic}`,
    ],
  },
  { screen: '/classes/{id}', who: 'visitor', calls: [`${L}/getClasses_Byid/{class}`] },
  { screen: '/Board-Class', who: 'visitor', calls: [`${L}/getClasses`] },
  { screen: '/AllCourse', who: 'visitor', calls: [`${L}/getSubjects`] },
  { screen: '/CartScreen', who: 'learner', calls: [`${L}/getUSER_CART`] },
  { screen: '/Favourite', who: 'learner', calls: [`${U}/getuser_favorites`] },
  { screen: '/MyCourse', who: 'learner', calls: [`${L}/getsubjects_purchased`] },
  { screen: '/UserPurchase', who: 'learner', calls: [`${L}/getUserClassPurchased`] },
  { screen: '/Profile', who: 'learner', calls: [`${L}/getclass_users`] },
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

/** One learner's journey, from the landing page to a purchased topic playing. */
export const JOURNEY: { method: 'GET' | 'POST'; path: string; body?: Record<string, string> }[] = [
  { method: 'GET', path: `${L}/getBoards` },
  { method: 'GET', path: `${L}/getClasses` },
  { method: 'GET', path: `${L}/gettestimonial` },
  {
    method: 'POST',
    path: `${BASES.learner}/login/request`,
    body: { email: '{email}', password: '{password}' },
  },
  { method: 'GET', path: `${L}/getBoards` },
  { method: 'GET', path: `${L}/getClasses?board_id={board}` },
  { method: 'GET', path: `${L}/getSubjects?class_id={class}` },
  { method: 'GET', path: `${U}/getuser_favorites` },
  { method: 'GET', path: `${L}/getsubjects_purchased` },
  { method: 'POST', path: `${L}/insertUSER_CART`, body: { subject_id: '{subject}' } },
  { method: 'GET', path: `${L}/getUSER_CART` },
  { method: 'POST', path: `${L}/processPayment` },
  { method: 'POST', path: `${BASES.local}/razorpay/pay`, body: { order_id: '{order}' } },
  {
    method: 'POST',
    path: `${L}/insertpayment_hsitory`,
    body: {
      razorpay_order_id: '{order}',
      razorpay_payment_id: '{payment}',
      razorpay_signature: '{signature}',
    },
  },
  { method: 'GET', path: `${L}/getSubSubjects?subject_id={subject}` },
  { method: 'GET', path: `${L}/getChapters?sub_subject_id={subSubject}` },
  { method: 'GET', path: `${L}/getTopics?chapter_id={chapter}` },
  { method: 'GET', path: `${L}/getreviews?topic_id={topic}` },
  { method: 'GET', path: `${L}/getqna?topic_id={topic}` },
  { method: 'GET', path: `${L}/getTopicProgress?chapter_id={chapter}` },
  {
    method: 'POST',
    path: `${L}/saveTopicProgress`,
    body: { topic_id: '{topic}', position_seconds: '30', duration_seconds: '6' },
  },
];
