import { Link, useNavigate } from 'react-router-dom';
import { SearchIcon } from '../../components/icons.tsx';
import { links } from '../../lib/links.ts';

/** Any unknown route: the specification's text and Go Back, and the ways on from here. */
export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <section className="not-found">
      <SearchIcon className="not-found-icon" size={48} />
      <h1>404</h1>
      <p>Oops! The page you are looking for does not exist.</p>
      <div className="not-found-actions">
        <button type="button" className="btn btn-primary" onClick={() => navigate(-1)}>
          Go Back
        </button>
        <Link to="/" className="btn">
          Home
        </Link>
        <Link to={links.boards()} className="btn">
          Browse boards
        </Link>
      </div>
    </section>
  );
}
