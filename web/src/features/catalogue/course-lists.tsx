import { ClassCard, SubjectCard } from '../../components/catalogue-ui.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { useClasses, useSubjects } from '../../lib/catalogue-api.ts';

/** `/Board-Class`: every class, each card a link to its page. */
export function BoardClassPage() {
  const classes = useClasses();
  return (
    <>
      <PageHeading title="Classes" />
      <QueryState query={classes} what="the classes" empty="No classes available." skeleton="cards">
        {(data) => (
          <div className="cat-grid">
            {data.map((c, index) => (
              <ClassCard eager={index < 4} key={c.class_id} cls={c} />
            ))}
          </div>
        )}
      </QueryState>
    </>
  );
}

/** `/AllCourse`: every subject, each card a link to its subject page. */
export function AllCoursePage() {
  const subjects = useSubjects();
  return (
    <>
      <PageHeading title="All Courses" />
      <QueryState
        query={subjects}
        what="the courses"
        empty="No subjects available."
        skeleton="cards"
      >
        {(data) => (
          <div className="cat-grid">
            {data.map((s, index) => (
              <SubjectCard eager={index < 4} key={s.subject_id} subject={s} inAllClasses />
            ))}
          </div>
        )}
      </QueryState>
    </>
  );
}
