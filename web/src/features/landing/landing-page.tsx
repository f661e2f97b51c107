import { Link } from 'react-router-dom';

/** The landing page (`/`). */
export default function LandingPage() {
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
    </>
  );
}
