import { useNavigate } from 'react-router-dom';

/** Any unknown route. */
export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <section className="not-found">
      <h1>404</h1>
      <p>Oops! The page you are looking for does not exist.</p>
      <button type="button" className="btn btn-primary" onClick={() => navigate(-1)}>
        Go Back
      </button>
    </section>
  );
}
