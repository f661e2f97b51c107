import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SearchableSelect, SEARCH_FROM } from './searchable-select.tsx';
import { contextLabel } from './context-label.ts';

const subjects = Array.from({ length: SEARCH_FROM + 2 }, (_, i) => ({
  value: `s${i}`,
  label: `Mathematics — Class ${i + 1} · ${i % 2 ? 'CBSE' : 'ICSE'}`,
}));

const optionTexts = (label = 'Subject') =>
  within(screen.getByLabelText(label, { selector: 'select' }))
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('a searchable dropdown', () => {
  it('narrows a long list to the options holding every typed word', () => {
    render(
      <SearchableSelect id="s" label="Subject" value="" choices={subjects} onChange={vi.fn()} />,
    );

    const search = screen.getByLabelText('Search Subject');

    fireEvent.change(search, { target: { value: 'class 1' } });
    expect(optionTexts()).toEqual([
      `2 of ${subjects.length} match`,
      'Mathematics — Class 1 · ICSE',
      'Mathematics — Class 10 · CBSE',
    ]);
    fireEvent.change(search, { target: { value: 'CBSE class 1' } });
    expect(optionTexts()).toEqual([
      `1 of ${subjects.length} match`,
      'Mathematics — Class 10 · CBSE',
    ]);
  });

  it('keeps the chosen option listed whatever is typed, and reports a choice', () => {
    const onChange = vi.fn();
    render(
      <SearchableSelect id="s" label="Subject" value="s1" choices={subjects} onChange={onChange} />,
    );

    fireEvent.change(screen.getByLabelText('Search Subject'), { target: { value: 'class 3 ' } });
    expect(optionTexts()).toContain('Mathematics — Class 2 · CBSE');
    fireEvent.change(screen.getByLabelText('Subject', { selector: 'select' }), {
      target: { value: 's2' },
    });

    expect(onChange).toHaveBeenCalledWith('s2');
  });

  it('offers no search box for a short list', () => {
    render(
      <SearchableSelect
        id="s"
        label="Board"
        value=""
        choices={subjects.slice(0, 3)}
        onChange={vi.fn()}
      />,
    );

    expect(screen.queryByLabelText('Search Board')).toBeNull();
    expect(optionTexts('Board')[0]).toBe('Select...');
  });
});

describe('a record named with its context', () => {
  it('names a subject with its class and board, nearest first', () => {
    const subject = { subject_name: 'Mathematics', class_name: 'Class 10', board_name: 'CBSE' };
    expect(contextLabel('subject', subject)).toBe('Mathematics — Class 10 · CBSE');
  });

  it('names a chapter’s subject from the chapter record, and a board by its name alone', () => {
    const chapter = {
      chapter_name: 'Algebra',
      sub_subject_name: 'Algebra',
      subject_name: 'Mathematics',
      class_name: 'Class 9',
      board_name: 'ICSE',
    };
    expect(contextLabel('subject', chapter)).toBe('Mathematics — Class 9 · ICSE');
    expect(contextLabel('board', { board_name: 'CBSE' })).toBe('CBSE');
  });

  it('repeats the chosen option’s whole label below the select, for phones that cut it short', () => {
    const { container } = render(
      <SearchableSelect id="s" label="Subject" value="s9" choices={subjects} onChange={vi.fn()} />,
    );

    const whole = container.querySelector('.select-chosen');
    expect(whole?.textContent).toBe('Mathematics — Class 10 · CBSE');
    expect(whole?.getAttribute('aria-hidden')).toBe('true');
  });
});
