import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { ChooseClassPage, ChooseSubjectPage } from './browse-pages.tsx';
import { AllCoursePage, BoardClassPage } from './course-lists.tsx';

/*
 * The medium of instruction (issue 33, item 4): learners filter classes and subjects by it, the
 * choice in the URL, and a card says "Kannada medium" where a course is not taught in English.
 */

const WAIT = { timeout: 5000 };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const subject = (id: string, name: string, medium?: string) => ({
  subject_id: id,
  subject_name: name,
  class_id: 'c10',
  class_name: 'Class 10',
  board_id: 'sslc',
  board_name: 'SSLC',
  subject_price: 499,
  subject_image_url: '',
  free_course: false,
  subject_created_date: '2026-01-01',
  ...(medium ? { medium } : {}),
});

const klass = (id: string, name: string, medium?: string) => ({
  class_id: id,
  class_name: name,
  board_id: 'sslc',
  board_name: 'SSLC',
  class_price: 0,
  class_image_url: '',
  image_url: '',
  free_course: false,
  description: '',
  class_created_at: '2026-01-01',
  ...(medium ? { medium } : {}),
});

/** The catalogue answers `subjects` and `classes` to every list read, whatever it asks. */
function serve(subjects: object[], classes: object[] = []) {
  const fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname.endsWith('/getSubjects')) return json(200, { data: subjects });
    if (url.pathname.endsWith('/getClasses')) return json(200, { data: classes });
    return json(404, { message: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function Where() {
  const l = useLocation();
  return <p data-testid="where">{`${l.pathname}${l.search}`}</p>;
}

const renderAt = (url: string) =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/AllCourse" element={<AllCoursePage />} />
          <Route path="/Board-Class" element={<BoardClassPage />} />
          <Route path="/GetClasses" element={<ChooseClassPage />} />
          <Route path="/GetSubject" element={<ChooseSubjectPage subjectActions={() => null} />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );

const cardTitles = () =>
  screen.queryAllByRole('heading', { level: 3 }).map((h) => h.textContent ?? '');

afterEach(async () => {
  vi.unstubAllGlobals();
  useSession.setState({ selections: {} });
  await chooseLanguage('en');
});

const MIXED = [
  subject('maths', 'Mathematics'),
  subject('ganita', 'Ganita', 'kannada'),
  subject('vigyan', 'Vigyan', 'hindi'),
];

describe('the medium filter', () => {
  it('offers each medium the list holds, filters by the one chosen and keeps it in the URL', async () => {
    serve(MIXED);
    renderAt('/AllCourse');
    const filter = await screen.findByRole('group', { name: 'Medium of instruction' }, WAIT);
    const chips = within(filter).getAllByRole('button');
    expect(chips.map((c) => c.textContent)).toEqual([
      'All',
      'English medium',
      'Kannada medium',
      'Hindi medium',
    ]);
    expect(chips[0]!.getAttribute('aria-pressed')).toBe('true');
    expect(cardTitles()).toEqual(['Mathematics', 'Ganita', 'Vigyan']);

    fireEvent.click(within(filter).getByRole('button', { name: 'Kannada medium' }));
    expect(cardTitles()).toEqual(['Ganita']);
    expect(screen.getByTestId('where').textContent).toBe('/AllCourse?medium=kannada');
    expect(
      within(filter).getByRole('button', { name: 'Kannada medium' }).getAttribute('aria-pressed'),
    ).toBe('true');

    fireEvent.click(within(filter).getByRole('button', { name: 'English medium' }));
    // A record that names no medium is taught in English.
    expect(cardTitles()).toEqual(['Mathematics']);

    fireEvent.click(within(filter).getByRole('button', { name: 'All' }));
    expect(cardTitles()).toEqual(['Mathematics', 'Ganita', 'Vigyan']);
    expect(screen.getByTestId('where').textContent).toBe('/AllCourse');
  });

  it('opens a shared link with its medium chosen, beside the other filters of the URL', async () => {
    serve(MIXED);
    renderAt('/GetSubject?class=c10&medium=hindi');
    expect(await screen.findByRole('heading', { name: 'Vigyan' }, WAIT)).toBeTruthy();
    expect(cardTitles()).toEqual(['Vigyan']);
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getByTestId('where').textContent).toBe('/GetSubject?class=c10');
    expect(cardTitles()).toEqual(['Mathematics', 'Ganita', 'Vigyan']);
  });

  it('filters a board’s classes with the name and price filters together', async () => {
    serve(
      [],
      [
        klass('c9', 'Class 9'),
        klass('c10k', 'Class 10', 'kannada'),
        klass('c9k', 'Class 9', 'kannada'),
      ],
    );
    renderAt('/GetClasses?board=sslc&medium=kannada');
    expect(await screen.findByRole('heading', { name: 'Class 10' }, WAIT)).toBeTruthy();
    expect(cardTitles()).toEqual(['Class 10', 'Class 9']);
    fireEvent.change(screen.getByLabelText('Class Name'), { target: { value: '9' } });
    expect(cardTitles()).toEqual(['Class 9']);
    // The card says its medium.
    const card = screen.getByRole('heading', { name: 'Class 9' }).closest('article')!;
    expect(within(card).getByText('Kannada medium')).toBeTruthy();
  });

  it('is not offered when every course of the list is taught in one medium', async () => {
    serve([subject('maths', 'Mathematics'), subject('physics', 'Physics', 'english')]);
    renderAt('/AllCourse');
    expect(await screen.findByRole('heading', { name: 'Physics' }, WAIT)).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Medium of instruction' })).toBeNull();
    // English is the default: no card says it.
    expect(screen.queryByText('English medium')).toBeNull();
  });

  it('speaks Kannada: the chips and the cards’ medium in the learner’s language', async () => {
    await chooseLanguage('kn');
    serve(MIXED);
    renderAt('/AllCourse');
    expect(screen.getByRole('heading', { level: 1, name: 'ಎಲ್ಲಾ ಕೋರ್ಸ್‌ಗಳು' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Ganita' }, WAIT)).toBeTruthy();
    const filter = screen.getByRole('group', { name: 'ಬೋಧನಾ ಮಾಧ್ಯಮ' });
    expect(
      within(filter)
        .getAllByRole('button')
        .map((c) => c.textContent),
    ).toEqual(['ಎಲ್ಲಾ', 'ಇಂಗ್ಲಿಷ್ ಮಾಧ್ಯಮ', 'ಕನ್ನಡ ಮಾಧ್ಯಮ', 'ಹಿಂದಿ ಮಾಧ್ಯಮ']);
    const ganita = screen.getByRole('heading', { name: 'Ganita' }).closest('article')!;
    expect(within(ganita).getByText('ಕನ್ನಡ ಮಾಧ್ಯಮ')).toBeTruthy();
    fireEvent.click(within(filter).getByRole('button', { name: 'ಕನ್ನಡ ಮಾಧ್ಯಮ' }));
    expect(cardTitles()).toEqual(['Ganita']);
  });
});
