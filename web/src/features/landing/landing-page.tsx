import { Link } from 'react-router-dom';
import { useSession } from '../../lib/session.ts';
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
// The hero's illustration is a phone's largest paint: imported, it is small enough for Vite to
// inline into the bundle (assetsInlineLimit), so it paints with the first render, no request.
import heroArt from './hero-learning.svg';

export const MAX_BOARDS = 5;
export const MAX_CLASSES = 8;

const STATS: [string, string, (p: IconProps) => React.ReactNode][] = [
  ['2500+', 'Learning items', VideoIcon],
  ['2000+', 'Happy subscribers', UserIcon],
  ['1500+', 'Total courses', BookOpenIcon],
  ['150+', 'Mentors', GraduationCapIcon],
];

/** 'Explore Top Boards': its own component, so the boards arriving re-render this part only. */
function TopBoards() {
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
          {b.free_course && <span className="board-tile-free">Free</span>}
          <ChevronRightIcon className="board-tile-go" />
        </Link>
      ))}
    </div>
  );
}

/** 'Our Popular Courses': re-rendered alone when the classes arrive. */
function PopularCourses() {
  const classes = useClasses();
  return (
    <div className="cat-grid popular">
      {(classes.data ?? []).slice(0, MAX_CLASSES).map((c, index) => (
        <ClassCard eager={index < 4} key={c.class_id} cls={c} withoutPrice>
          <Link to={links.classDetail(c.class_id)} className="btn btn-small">
            View Class
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
          <h1>Study Smarter, Dream Bigger, Achieve More!</h1>
          <p>
            Courses led by expert instructors: short video lessons, downloadable notes, and
            questions on every topic answered by our teachers or, right away, by an AI teacher.
          </p>
          <Link to="/Board-Class" className="btn btn-primary btn-lg">
            View Classes
          </Link>
          <ReviewLine />
        </div>
      </section>

      <section className="section">
        <h2>Explore Top Boards</h2>
        <TopBoards />
      </section>

      <section className="section landing-later">
        <h2>Our Popular Courses</h2>
        <PopularCourses />
      </section>

      <section className="section landing-later about">
        <h2>About Us</h2>
        <p>
          GIA School brings the classroom to every phone: board-aligned lessons for classes across
          CBSE, ICSE, SSLC and PUC, taught by experienced teachers, with notes to download and
          revise, and honest prices in rupees. Buy only the subjects you need and learn at your own
          pace.
        </p>
      </section>

      <section className="section landing-later">
        <h2>Trusted by thousands of learners</h2>
        <Testimonials />
      </section>

      <section className="section landing-later">
        <h2>More reasons to love GIA School</h2>
        <div className="stats">
          {STATS.map(([n, label, Icon]) => (
            <div key={label} className="stat card">
              <Icon className="stat-icon" size={24} />
              <strong>{n}</strong>
              <span>{label}</span>
            </div>
          ))}
        </div>
      </section>

      <section className="section landing-later">
        <h2>Why choose us</h2>
        <ul className="why">
          <li>
            <VideoIcon className="why-icon" size={24} />
            <span>
              <strong>Pre-recorded videos</strong> — short lessons for every topic, watch and
              rewatch any time.
            </span>
          </li>
          <li>
            <NotesIcon className="why-icon" size={24} />
            <span>
              <strong>Downloadable PDF notes</strong> — revise offline before exams.
            </span>
          </li>
          <li>
            <QuestionIcon className="why-icon" size={24} />
            <span>
              <strong>Ask about any lesson</strong> — our teachers answer under the lesson, and an
              AI teacher <SparklesIcon size={16} className="why-inline" /> answers at once from your
              notes, staying within your class and topic.
            </span>
          </li>
        </ul>
      </section>
    </>
  );
}
