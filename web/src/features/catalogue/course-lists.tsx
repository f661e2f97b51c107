import { ClassCard, SubjectCard } from '../../components/catalogue-ui.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { useClasses, useSubjects } from '../../lib/catalogue-api.ts';
import { useT } from '../../lib/i18n.ts';
import { MediumFilter, useMediumFilter } from './medium-filter.tsx';

/** `/Board-Class`: every class, each card a link to its page; filtered by medium. */
export function BoardClassPage() {
  const t = useT();
  const classes = useClasses();
  const medium = useMediumFilter(classes.data);
  return (
    <>
      <PageHeading title={t('catalogue.classes')} />
      <MediumFilter filter={medium} />
      <QueryState
        query={{ ...classes, data: classes.data?.filter(medium.keeps) }}
        what={t('catalogue.what.classes')}
        empty={t('catalogue.empty.classes')}
        skeleton="cards"
      >
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

/** `/AllCourse`: every subject, each card a link to its subject page; filtered by medium. */
export function AllCoursePage() {
  const t = useT();
  const subjects = useSubjects();
  const medium = useMediumFilter(subjects.data);
  return (
    <>
      <PageHeading title={t('catalogue.allCourses')} />
      <MediumFilter filter={medium} />
      <QueryState
        query={{ ...subjects, data: subjects.data?.filter(medium.keeps) }}
        what={t('catalogue.what.courses')}
        empty={t('catalogue.empty.subjects')}
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
