import { useEffect, useState } from 'react';
import type { TestimonialRecord } from '@gia/shared/catalogue-records.ts';

export const AUTOPLAY_MS = 5000;

/** Slides per view: 1 below 768 px, 2 from 768 px, 3 from 1024 px. */
export const slidesFor = (width: number) => (width >= 1024 ? 3 : width >= 768 ? 2 : 1);

/** 'Trusted by thousands of learners': autoplays every 5 s, also after the learner interacts. */
export function TestimonialCarousel({ items }: { items: TestimonialRecord[] }) {
  const [perView, setPerView] = useState(() => slidesFor(window.innerWidth));
  const [start, setStart] = useState(0);
  useEffect(() => {
    const onResize = () => setPerView(slidesFor(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  const pages = Math.max(1, items.length - perView + 1);
  useEffect(() => {
    const timer = setInterval(() => setStart((s) => (s + 1) % pages), AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [pages]);
  if (!items.length) return null;
  const shown = items.slice(start % pages, (start % pages) + perView);
  return (
    <div className="carousel">
      <div
        className="carousel-track"
        style={{ gridTemplateColumns: `repeat(${perView}, 1fr)`, gap: 30 }}
      >
        {shown.map((t) => (
          <figure key={t.id} className="testimonial card">
            <div className="stars" aria-label="5 out of 5 stars">
              ★★★★★
            </div>
            <blockquote>{t.description}</blockquote>
            <figcaption>
              {t.image_url && <img src={t.image_url} alt="" width={48} height={48} />}
              <span>
                <strong>{t.name}</strong>
                <br />
                <span className="muted small">{t.designation}</span>
              </span>
            </figcaption>
          </figure>
        ))}
      </div>
      <div className="dots" role="tablist" aria-label="Testimonials">
        {Array.from({ length: pages }, (_, i) => (
          <button
            key={i}
            type="button"
            role="tab"
            aria-selected={i === start % pages}
            aria-label={`Show testimonials ${i + 1}`}
            className={`dot-btn ${i === start % pages ? 'is-selected' : ''}`}
            onClick={() => setStart(i)}
          />
        ))}
      </div>
    </div>
  );
}
