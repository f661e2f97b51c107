import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseLanguage } from '../../lib/i18n.ts';
import { Stars } from './reviews.tsx';
import { StarInput } from './star-input.tsx';

function Rated({ initial = 0 }: { initial?: number }) {
  const [value, setValue] = useState(initial);
  return <StarInput name="rating" legend="Rating" value={value} onChange={setValue} />;
}

const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;
const checked = () =>
  screen
    .getAllByRole('radio')
    .filter((r) => (r as HTMLInputElement).checked)
    .map((r) => r.getAttribute('aria-label'));

describe('the star rating input', () => {
  it('is a group named Rating of five radios named 1 star … 5 stars, chosen by a click on a star', () => {
    render(<Rated />);
    expect(screen.getByRole('group', { name: 'Rating' })).toBeTruthy();
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('aria-label'))).toEqual([
      '1 star',
      '2 stars',
      '3 stars',
      '4 stars',
      '5 stars',
    ]);
    expect(checked()).toEqual([]);

    // A click on the drawn star (the radio's label) chooses it, and fills the stars up to it.
    fireEvent.click(screen.getByTitle('4 stars'));
    expect(checked()).toEqual(['4 stars']);
    const filled = document.querySelectorAll('.star-option.is-on');
    expect(filled).toHaveLength(4);
    expect(screen.getByText('4 of 5')).toBeTruthy();
  });

  it('moves with the arrow keys, Home and End, and the focus follows the chosen star', () => {
    render(<Rated initial={3} />);
    radio('3 stars').focus();
    fireEvent.keyDown(radio('3 stars'), { key: 'ArrowRight' });
    expect(checked()).toEqual(['4 stars']);
    expect(document.activeElement).toBe(radio('4 stars'));
    fireEvent.keyDown(radio('4 stars'), { key: 'ArrowLeft' });
    fireEvent.keyDown(radio('3 stars'), { key: 'ArrowDown' });
    expect(checked()).toEqual(['2 stars']);
    fireEvent.keyDown(radio('2 stars'), { key: 'End' });
    expect(checked()).toEqual(['5 stars']);
    fireEvent.keyDown(radio('5 stars'), { key: 'ArrowUp' });
    expect(checked()).toEqual(['5 stars']);
    fireEvent.keyDown(radio('5 stars'), { key: 'Home' });
    expect(checked()).toEqual(['1 star']);
    expect(document.activeElement).toBe(radio('1 star'));
  });

  it('never uses the empty-state class `.empty` for its stars (bug 5)', () => {
    const { container } = render(
      <>
        <Rated initial={2} />
        <Stars rating={2.5} />
      </>,
    );
    expect(container.querySelectorAll('.empty')).toHaveLength(0);
    expect(container.querySelectorAll('.star-option')).toHaveLength(5);
    // The rating shown beside a review: its unfilled star is `.star.is-empty`.
    expect([...container.querySelectorAll('.star')].map((s) => s.className)).toEqual([
      'star is-full',
      'star is-full',
      'star is-half',
      'star is-empty',
      'star is-empty',
    ]);
  });
});

describe('the star rating in Kannada (issue 33)', () => {
  afterEach(async () => {
    await chooseLanguage('en');
  });

  it('names each star in Kannada, one star and many, and says the rating out of 5', async () => {
    await chooseLanguage('kn');
    render(<Rated initial={2} />);
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('aria-label'))).toEqual([
      '1 ನಕ್ಷತ್ರ',
      '2 ನಕ್ಷತ್ರಗಳು',
      '3 ನಕ್ಷತ್ರಗಳು',
      '4 ನಕ್ಷತ್ರಗಳು',
      '5 ನಕ್ಷತ್ರಗಳು',
    ]);
    expect(screen.getByText('5 ರಲ್ಲಿ 2')).toBeTruthy();
    render(<Stars rating={3.5} />);
    expect(screen.getByRole('img', { name: '5 ರಲ್ಲಿ 3.5 ರೇಟಿಂಗ್' })).toBeTruthy();
  });
});
