/**
 * The names people see for the fields of the API's request bodies and queries: the labels of the
 * forms (the contract's field names, docs/api.md §9). The server's validation names a field with
 * these when a schema gave a problem no message of its own ("User Name must be at most 100
 * characters."), so no raw validation text reaches a person. A field not listed here is named by
 * its key in words ("razorpay_order_id" → "Razorpay order id").
 */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  // Accounts
  user_name: 'User Name',
  name: 'Name',
  email: 'Email',
  password: 'Password',
  code: 'Code',
  refreshToken: 'Refresh token',
  // Profile
  user_mobile: 'Mobile',
  dob: 'Date of Birth',
  course_of_study: 'Course of Study',
  profile_image: 'Profile Image',
  // Catalogue
  board_name: 'Board Name',
  class_name: 'Class Name',
  subject_name: 'Subject Name',
  sub_subject_name: 'Sub Subject Name',
  chapter_name: 'Chapter Name',
  topic_name: 'Topic Name',
  price: 'Price',
  description: 'Description',
  topic_description: 'Description',
  designation: 'Designation',
  serial_no: 'Serial No',
  free_course: 'Free Course',
  free_to_watch: 'Free to Watch',
  image_url: 'Image',
  video_url: 'Video',
  notes_url: 'Notes',
  comments: 'Comments',
  author: 'Author',
  status: 'Status',
  language: 'Language',
  qna: 'Q&A',
  board_id: 'Board',
  class_id: 'Class',
  subject_id: 'Subject',
  sub_subject_id: 'Sub Subject',
  chapter_id: 'Chapter',
  topic_id: 'Topic',
  // Learning
  rating: 'Rating',
  review_comment: 'Review',
  question: 'Question',
  answer: 'Answer',
  qna_id: 'Question',
  messages: 'Question',
  position_seconds: 'Position',
  duration_seconds: 'Duration',
  // Uploads, payments, lists
  kind: 'File kind',
  file_name: 'File name',
  content_type: 'File type',
  size: 'File size',
  order_id: 'Order',
  limit: 'Limit',
  cursor: 'Cursor',
};

/** The name people see for a field (its key in words when it has no label). */
export function fieldLabel(key: string | undefined): string {
  if (!key) return 'The request';
  const label = FIELD_LABELS[key];
  if (label) return label;
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
