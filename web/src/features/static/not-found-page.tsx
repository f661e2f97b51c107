import { Link, useNavigate } from 'react-router-dom';
import { SearchIcon } from '../../components/icons.tsx';
import { useT } from '../../lib/i18n.ts';
import { links } from '../../lib/links.ts';

/** Any unknown route: the specification's text and Go Back, and the ways on from here. */
export default function NotFoundPage() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <section className="not-found">
      <SearchIcon className="not-found-icon" size={48} />
      <h1>404</h1>
      <p>{t('static.notFound')}</p>
      <div className="not-found-actions">
        <button type="button" className="btn btn-primary" onClick={() => navigate(-1)}>
          {t('static.goBack')}
        </button>
        <Link to="/" className="btn">
          {t('static.home')}
        </Link>
        <Link to={links.boards()} className="btn">
          {t('static.browseBoards')}
        </Link>
      </div>
    </section>
  );
}
