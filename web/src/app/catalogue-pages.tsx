/*
 * The catalogue's screens that show another feature's widget (a subject card's favourite heart
 * and 'Add to Cart'), composed here for the router. Features do not import each other. A lazy
 * part of the bundle of its own (router.tsx): browsing the catalogue never loads the lessons,
 * the AI teacher or the profile (learner-pages.tsx).
 */
import type { SubjectRecord } from '@gia/shared/catalogue-records.ts';
import {
  ChooseSubjectPage as ChooseSubject,
  ChooseSubSubjectPage as ChooseSubSubject,
} from '../features/catalogue/browse-pages.tsx';
import { ClassDetailPage as ClassDetail } from '../features/catalogue/class-pages.tsx';
import { SubjectAction } from '../features/commerce/subject-action.tsx';
import { FavouriteHeart } from '../features/favourites/favourite-heart.tsx';

/** A subject card's buttons: the favourite heart, and what the subject offers (buy, owned, free…). */
const subjectActions = (s: SubjectRecord) => {
  const id = s.subject_id;
  return (
    <>
      <FavouriteHeart subjectId={id} />
      <SubjectAction subjectId={id} freeCourse={s.free_course === true} />
    </>
  );
};

/** `/GetSubject`. */
export const ChooseSubjectPage = () => <ChooseSubject subjectActions={subjectActions} />;

/** `/GetSubSubject`, with the favourites' heart of its subject. */
export const ChooseSubSubjectPage = () => (
  <ChooseSubSubject
    subjectHeart={(id, name) => <FavouriteHeart subjectId={id} subjectName={name} />}
  />
);

/** `/classes/{classId}`: the class page, with what each of its subjects offers. */
export const ClassDetailPage = () => (
  <ClassDetail
    subjectAction={(s) => (
      <SubjectAction subjectId={s.subject_id} freeCourse={s.free_course === true} />
    )}
  />
);
