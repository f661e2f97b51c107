import { useEffect, useState } from 'react';
import type { TestimonialRecord } from '@gia/shared/catalogue-records.ts';
import { PauseIcon, PlayIcon, StarIcon } from '../../components/icons.tsx';
import { useT } from '../../lib/i18n.ts';

export const AUTOPLAY_MS = 5000;

/**
 * Slides per view: 1 below 768 px, 2 from 768 px, 3 from 1024 px, from media queries: reading
 * `innerWidth` makes the browser lay the page out in the middle of the app's first render
 * (scrollbars change it), a whole-page layout that a slow phone feels as a stall.
 */
const slidesForWindow = () => {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return 1;
  const from = (px: number) => window.matchMedia(`(min-width: ${px}px)`).matches;
  return from(1024) ? 3 : from(768) ? 2 : 1;
};

/** Whether the visitor asked their system for less motion. */
const prefersReducedMotion = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * 'Trusted by thousands of learners': advances every 5 s (WCAG 2.2.2) unless the visitor paused it
 * with its Pause button, points at it or moves the keyboard focus into it; it starts paused when
 * the system asks for reduced motion.
 */
export function TestimonialCarousel({ items }: { items: TestimonialRecord[] }) {
  const t = useT();
  // No window when the landing page is prerendered (issue 30): it shows no testimonials then.
  const [perView, setPerView] = useState(slidesForWindow);
  const [start, setStart] = useState(0);
  const [paused, setPaused] = useState(prefersReducedMotion);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    const onResize = () => setPerView(slidesForWindow());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  const pages = Math.max(1, items.length - perView + 1);
  const moving = !paused && !hovered && !focused && pages > 1;
  useEffect(() => {
    if (!moving) return;
    const timer = setInterval(() => setStart((s) => (s + 1) % pages), AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [pages, moving]);
  if (!items.length) return null;
  const shown = items.slice(start % pages, (start % pages) + perView);
  return (
    <div
      className="carousel"
      role="region"
      aria-roledescription="carousel"
      aria-label={t('landing.testimonials')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        className="carousel-track"
        aria-live={moving ? 'off' : 'polite'}
        style={{ gridTemplateColumns: `repeat(${perView}, minmax(0, 1fr))` }}
      >
        {shown.map((item) => (
          <figure key={item.id} className="testimonial card">
            <div className="testimonial-stars" role="img" aria-label={t('landing.fiveStars')}>
              {[1, 2, 3, 4, 5].map((n) => (
                <StarIcon key={n} size={16} fill="currentColor" />
              ))}
            </div>
            <blockquote>{item.description}</blockquote>
            <figcaption>
              {item.image_url && <img src={item.image_url} alt="" width={48} height={48} />}
              <span>
                <strong>{item.name}</strong>
                <br />
                <span className="muted small">{item.designation}</span>
              </span>
            </figcaption>
          </figure>
        ))}
      </div>
      <div className="carousel-controls">
        {pages > 1 && (
          <button
            type="button"
            className="carousel-toggle"
            aria-label={paused ? t('landing.playTestimonials') : t('landing.pauseTestimonials')}
            onClick={() => setPaused(!paused)}
          >
            {paused ? <PlayIcon size={18} /> : <PauseIcon size={18} />}
            <span aria-hidden="true">{paused ? t('landing.play') : t('landing.pause')}</span>
          </button>
        )}
        <div className="dots" role="group" aria-label={t('landing.chooseTestimonials')}>
          {Array.from({ length: pages }, (_, i) => (
            <button
              key={i}
              type="button"
              aria-current={i === start % pages ? 'true' : undefined}
              aria-label={t('landing.showTestimonials', { n: i + 1 })}
              className={`dot-btn ${i === start % pages ? 'is-selected' : ''}`}
              onClick={() => setStart(i)}
            />
          ))}
        </div>
      </div>
    </div>
  );
}
