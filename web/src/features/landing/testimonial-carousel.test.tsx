import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TestimonialRecord } from '@gia/shared/catalogue-records.ts';
import { AUTOPLAY_MS, TestimonialCarousel } from './testimonial-carousel.tsx';

const items = ['Asha', 'Ravi', 'Meena'].map(
  (name, i) =>
    ({
      id: `t${i}`,
      name,
      designation: 'Class 10',
      description: `${name} says it helped.`,
      image_url: '',
      created_at: '2026-01-01T00:00:00Z',
    }) as TestimonialRecord,
);

/** The name of the learner whose testimonial is on show (one per view below 768 px). */
const shown = () =>
  screen.getAllByRole('figure').map((f) => f.querySelector('strong')?.textContent);
const tick = () => act(() => vi.advanceTimersByTime(AUTOPLAY_MS));

/** The window's width as its media queries see it. */
let width = 360;

function reducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    get matches() {
      const min = /min-width: (\d+)px/.exec(query);
      return min ? width >= Number(min[1]) : reduce && query.includes('reduce');
    },
    media: query,
    addEventListener() {},
    removeEventListener() {},
  })) as unknown as typeof window.matchMedia;
}

function resizeTo(w: number) {
  width = w;
  act(() => void window.dispatchEvent(new Event('resize')));
}

describe('the testimonial carousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    width = 360;
    reducedMotion(false);
  });
  afterEach(() => vi.useRealTimers());

  it('moves on every 5 s until the visitor presses Pause, and again after Play', () => {
    render(<TestimonialCarousel items={items} />);
    expect(shown()).toEqual(['Asha']);
    tick();
    expect(shown()).toEqual(['Ravi']);

    fireEvent.click(screen.getByRole('button', { name: 'Pause testimonials' }));
    tick();
    tick();
    expect(shown()).toEqual(['Ravi']);

    fireEvent.click(screen.getByRole('button', { name: 'Play testimonials' }));
    tick();
    expect(shown()).toEqual(['Meena']);
  });

  it('holds still while pointed at or while the keyboard focus is inside it', () => {
    render(<TestimonialCarousel items={items} />);
    const carousel = screen.getByRole('region', { name: 'Testimonials' });
    fireEvent.mouseEnter(carousel);
    tick();
    expect(shown()).toEqual(['Asha']);
    fireEvent.mouseLeave(carousel);
    tick();
    expect(shown()).toEqual(['Ravi']);

    act(() => screen.getByRole('button', { name: 'Show testimonials 3' }).focus());
    tick();
    expect(shown()).toEqual(['Ravi']);
  });

  it('starts paused when the system asks for reduced motion', () => {
    reducedMotion(true);
    render(<TestimonialCarousel items={items} />);
    tick();
    expect(shown()).toEqual(['Asha']);
    expect(screen.getByRole('button', { name: 'Play testimonials' })).toBeTruthy();
  });

  it('shows 1 testimonial below 768 px, 2 from 768 px and 3 from 1024 px, following the window', () => {
    width = 1366;
    render(<TestimonialCarousel items={items} />);
    expect(shown()).toEqual(['Asha', 'Ravi', 'Meena']);
    resizeTo(800);
    expect(shown()).toEqual(['Asha', 'Ravi']);
    resizeTo(360);
    expect(shown()).toEqual(['Asha']);
  });
});
