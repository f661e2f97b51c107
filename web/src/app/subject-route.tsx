/*
 * `/subjects/:subjectId`: the subject page, with what the subject offers (features do not import
 * each other, so the commerce widget is passed in here). A lazy part of the bundle of its own
 * (router.tsx): a visitor arriving from a link to a subject loads this page only.
 */
import { SubjectAction } from '../features/commerce/subject-action.tsx';
import { SubjectPage as Subject } from '../features/subject/subject-page.tsx';

/** `/subjects/:subjectId`. */
export const SubjectPage = () => (
  <Subject
    action={(s) => (
      <SubjectAction subjectId={s.subject_id} freeCourse={s.free_course === true} large />
    )}
  />
);
