import { Link, useNavigate } from 'react-router-dom';
import { useSession } from '../../lib/session.ts';
import { useBoards, useClasses, useTestimonials } from '../../lib/catalogue-api.ts';
import { ClassCard } from '../../components/catalogue-ui.tsx';
import { TestimonialCarousel } from './testimonial-carousel.tsx';

const BOARD_COLOURS = ['#1e3a8a', '#047857', '#b45309', '#7c3aed', '#be123c'];
export const MAX_BOARDS = 5;
export const MAX_CLASSES = 8;

const STATS = [
  ['2500+', 'Learning items'],
  ['2000+', 'Happy subscribers'],
  ['1500+', 'Total courses'],
  ['150+', 'Mentors'],
];

/** The landing page (`/`). */
export default function LandingPage() {
  const boards = useBoards();
  const classes = useClasses();
  const testimonials = useTestimonials();
  const select = useSession((s) => s.select);
  const navigate = useNavigate();
  return (
    <>
      <section className="hero">
        <div className="hero-text">
          <p className="eyebrow">CBSE · ICSE · SSLC · PUC</p>
          <h1>Study Smarter, Dream Bigger, Achieve More!</h1>
          <p>
            Courses led by expert instructors: short video lessons, downloadable notes, and a
            teacher — human or AI — one click away from every topic.
          </p>
          <Link to="/Board-Class" className="btn btn-primary btn-lg">
            View Classes
          </Link>
        </div>
      </section>

      <section className="section">
        <h2>Explore Top Boards</h2>
        <div className="board-row">
          {(boards.data ?? []).slice(0, MAX_BOARDS).map((b, i) => (
            <button
              key={b.board_id}
              type="button"
              className="board-card"
              style={{ background: BOARD_COLOURS[i % BOARD_COLOURS.length] }}
              onClick={() => {
                select('board', { id: b.board_id, name: b.board_name });
                navigate('/GetClasses');
              }}
            >
              {b.board_name}
            </button>
          ))}
        </div>
      </section>

      <section className="section">
        <h2>Our Popular Courses</h2>
        <div className="cat-grid popular">
          {(classes.data ?? []).slice(0, MAX_CLASSES).map((c, index) => (
            <ClassCard eager={index < 4} key={c.class_id} cls={c} missingPrice="Free">
              <Link to={`/classes/${c.class_id}`} className="btn btn-small">
                View Class
              </Link>
            </ClassCard>
          ))}
        </div>
      </section>

      <section className="section about">
        <h2>About Us</h2>
        <p>
          GIA School brings the classroom to every phone: board-aligned lessons for classes across
          CBSE, ICSE, SSLC and PUC, taught by experienced teachers, with notes to download and
          revise, and honest prices in rupees. Buy only the subjects you need and learn at your own
          pace.
        </p>
      </section>

      <section className="section">
        <h2>Trusted by thousands of learners</h2>
        <TestimonialCarousel items={testimonials.data ?? []} />
      </section>

      <section className="section">
        <h2>More reasons to love GIA School</h2>
        <div className="stats">
          {STATS.map(([n, label]) => (
            <div key={label} className="stat card">
              <strong>{n}</strong>
              <span>{label}</span>
            </div>
          ))}
        </div>
      </section>

      <section className="section">
        <h2>Why choose us</h2>
        <ul className="why">
          <li>
            <strong>Pre-recorded videos</strong> — short lessons for every topic, watch and rewatch
            any time.
          </li>
          <li>
            <strong>Downloadable PDF notes</strong> — revise offline before exams.
          </li>
          <li>
            <strong>Live doubt-clearing sessions</strong> — and an AI teacher that stays within your
            class and topic.
          </li>
        </ul>
      </section>
    </>
  );
}
