import { Link, useNavigate } from 'react-router-dom';
import { PageHeading } from '../../components/page-heading.tsx';
import { useSession } from '../../lib/session.ts';
import { str, usePurchased } from '../../lib/catalogue-api.ts';
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
              key={str(p.subject_id)}
              image={p.subject_image_url}
              title={str(p.subject_name)}
              onOpen={() => {
                select('board', { id: str(p.board_id), name: str(p.board_name) });
                select('class', { id: str(p.class_id), name: str(p.class_name) });
                select('subject', { id: str(p.subject_id), name: str(p.subject_name) });
                navigate('/GetSubSubject');
              }}
            >
              <p className="muted">
                {str(p.class_name)} · {str(p.board_name)}
              </p>
            </Card>
          ))}
        </div>
      )}
    </>
  );
}
