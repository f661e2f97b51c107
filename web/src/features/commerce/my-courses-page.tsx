import { Link } from 'react-router-dom';
import { PageHeading } from '../../components/page-heading.tsx';
import { usePurchased } from '../../lib/purchases-api.ts';
import { Card } from '../../components/catalogue-ui.tsx';
import { links } from '../../lib/links.ts';

/** `/MyCourse`: the learner's purchased subjects. */
export function MyCoursePage() {
  const purchased = usePurchased();
  return (
    <>
      <PageHeading title="My Courses" />
      {purchased.isLoading ? (
        <p className="loading">Loading...</p>
      ) : !purchased.data?.length ? (
        <section className="empty">
          <p>You have not purchased any Course</p>
          <Link to="/GetBoard" className="btn btn-primary">
            Buy Here
          </Link>
        </section>
      ) : (
        <div className="cat-grid">
          {purchased.data.map((p) => (
            <Card
              key={p.subject_id}
              image={p.subject_image_url}
              title={p.subject_name}
              to={links.subSubjects(p.subject_id)}
            >
              <p className="muted">
                {p.class_name} · {p.board_name}
              </p>
            </Card>
          ))}
        </div>
      )}
    </>
  );
}
