import { Link } from 'react-router-dom';
import { useSession } from '../../lib/session.ts';
import { Trans } from '../../lib/trans.tsx';
import { useT } from '../../lib/i18n.ts';
import { ReviewLine } from '../../components/review-line.tsx';
import { links } from '../../lib/links.ts';
import { useBoards, useClasses, useTestimonials } from '../../lib/catalogue-api.ts';
import { ClassCard } from '../../components/catalogue-ui.tsx';
import {
  BookOpenIcon,
  ChevronRightIcon,
  GraduationCapIcon,
  NotesIcon,
  QuestionIcon,
  SparklesIcon,
  UserIcon,
  VideoIcon,
  type IconProps,
} from '../../components/icons.tsx';
import { TestimonialCarousel } from './testimonial-carousel.tsx';
// The hero's illustration is a phone's largest paint: inline in the bundle (and so in the
// prerendered page), it paints with the first render, no request. URL-encoded rather than as
// Vite inlines an SVG with text (base64, which gzip cannot shrink): 1.2 KB gzip instead of 1.9.
import heroSvg from './hero-learning.svg?raw';

const heroArt = `data:image/svg+xml,${encodeURIComponent(heroSvg)}`;

export const MAX_BOARDS = 5;
export const MAX_CLASSES = 8;

/** The numbers of 'More reasons to love GIA School': each label a message id. */
const STATS: [string, string, (p: IconProps) => React.ReactNode][] = [
  ['2500+', 'landing.stats.items', VideoIcon],
  ['2000+', 'landing.stats.subscribers', UserIcon],
  ['1500+', 'landing.stats.courses', BookOpenIcon],
  ['150+', 'landing.stats.mentors', GraduationCapIcon],
];

/** 'Explore Top Boards': its own component, so the boards arriving re-render this part only. */
function TopBoards() {
  const t = useT();
  const boards = useBoards();
  const select = useSession((s) => s.select);
  return (
    <div className="board-row">
      {(boards.data ?? []).slice(0, MAX_BOARDS).map((b) => (
        <Link
          key={b.board_id}
          to={links.classes(b.board_id)}
          className="board-tile"
          onClick={() => select('board', { id: b.board_id, name: b.board_name })}
        >
          {b.image_url ? (
            <img
              className="board-tile-pic"
              src={b.image_url}
              alt=""
              width={56}
              height={56}
              loading="lazy"
            />
          ) : (
            <span className="board-tile-pic board-tile-mark" aria-hidden="true">
              {b.board_name.slice(0, 1)}
            </span>
          )}
          <span className="board-tile-name">{b.board_name}</span>
          {b.free_course && <span className="board-tile-free">{t('common.free')}</span>}
          <ChevronRightIcon className="board-tile-go" />
        </Link>
      ))}
    </div>
  );
}

/** 'Our Popular Courses': re-rendered alone when the classes arrive. */
function PopularCourses() {
  const t = useT();
  const classes = useClasses();
  return (
    <div className="cat-grid popular">
      {(classes.data ?? []).slice(0, MAX_CLASSES).map((c, index) => (
        <ClassCard eager={index < 4} key={c.class_id} cls={c} withoutPrice>
          <Link to={links.classDetail(c.class_id)} className="btn btn-small">
            {t('landing.viewClass')}
          </Link>
        </ClassCard>
      ))}
    </div>
  );
}

/** The testimonials' carousel: re-rendered alone when they arrive. */
function Testimonials() {
  const testimonials = useTestimonials();
  return <TestimonialCarousel items={testimonials.data ?? []} />;
}

/**
 * The landing page (`/`). Each part that waits for data is its own component (only it renders
 * again when its data arrives), and the parts below a phone's first screen are `later` sections
 * (landing.css: the browser lays them out and paints them when they come near the screen).
 */
export default function LandingPage() {
  const t = useT();
  return (
    <>
      <section className="hero">
        <img
          className="hero-art"
          src={heroArt}
          alt=""
          width={480}
          height={360}
          fetchPriority="high"
        />
        <div className="hero-text">
          <p className="eyebrow">CBSE · ICSE · SSLC · PUC</p>
          <h1>{t('landing.title')}</h1>
          <p>{t('landing.intro')}</p>
          <Link to="/Board-Class" className="btn btn-primary btn-lg">
            {t('landing.viewClasses')}
          </Link>
          <ReviewLine />
        </div>
      </section>

      <section className="section">
        <h2>{t('landing.topBoards')}</h2>
        <TopBoards />
      </section>

      <section className="section landing-later">
        <h2>{t('landing.popularCourses')}</h2>
        <PopularCourses />
      </section>

      <section className="section landing-later about">
        <h2>{t('landing.aboutUs')}</h2>
        <p>{t('landing.about')}</p>
      </section>

      <section className="section landing-later">
        <h2>{t('landing.trusted')}</h2>
        <Testimonials />
      </section>

      <section className="section landing-later">
        <h2>{t('landing.moreReasons')}</h2>
        <div className="stats">
          {STATS.map(([n, label, Icon]) => (
            <div key={label} className="stat card">
              <Icon className="stat-icon" size={24} />
              <strong>{n}</strong>
              <span>{t(label)}</span>
            </div>
          ))}
        </div>
      </section>

      <section className="section landing-later">
        <h2>{t('landing.whyChooseUs')}</h2>
        <ul className="why">
          <li>
            <VideoIcon className="why-icon" size={24} />
            <span>
              <Trans id="landing.why.videos" components={{ 0: <strong /> }} />
            </span>
          </li>
          <li>
            <NotesIcon className="why-icon" size={24} />
            <span>
              <Trans id="landing.why.notes" components={{ 0: <strong /> }} />
            </span>
          </li>
          <li>
            <QuestionIcon className="why-icon" size={24} />
            <span>
              <Trans
                id="landing.why.ask"
                components={{
                  0: <strong />,
                  1: <SparklesIcon size={16} className="why-inline" />,
                }}
              />
            </span>
          </li>
        </ul>
      </section>
    </>
  );
}
