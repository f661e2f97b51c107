import { Link, useNavigate } from 'react-router-dom';
import { PageHeading } from '../../components/page-heading.tsx';
import { useSession } from '../../lib/session.ts';
import { usePurchased } from '../../lib/purchases-api.ts';
import { Card } from '../../components/catalogue-ui.tsx';

/** `/MyCourse`: the learner's purchased subjects. */
export function MyCoursePage() {
  const purchased = usePurchased();
  const select = useSession((s) => s.select);
  const navigate = useNavigate();
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
              onOpen={() => {
                select('board', { id: p.board_id, name: p.board_name });
                select('class', { id: p.class_id, name: p.class_name });
                select('subject', { id: p.subject_id, name: p.subject_name });
                navigate('/GetSubSubject');
              }}
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
