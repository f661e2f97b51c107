import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '../../lib/i18n.ts';
import LandingPage from './landing-page.tsx';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

const cls = (id: string, name: string, fields: object) => ({
  class_id: id,
  class_name: name,
  board_id: 'b1',
  board_name: 'CBSE',
  class_image_url: '',
  description: '',
  ...fields,
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await chooseLanguage('en');
});

/** The API answers `classes` to the classes read, nothing to the others. */
function serveClasses(classes: object[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) =>
      json({
        message: 'ok',
        data: String(path).includes('/getClasses') ? classes : [],
        next_cursor: null,
      }),
    ),
  );
}

const renderLanding = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <LandingPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('the landing page’s popular courses', () => {
  it('shows no class price, since a class cannot be bought (its subjects are)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) =>
        json({
          message: 'ok',
          data: String(path).includes('/getClasses')
            ? [
                cls('c10', 'Class 10', { class_price: 999, free_course: false }),
                cls('c8', 'SSLC Class 8', { class_price: 0, free_course: true }),
              ]
            : [],
          next_cursor: null,
        }),
      ),
    );

    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <LandingPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );

    const paid = (await screen.findByRole('heading', { name: 'Class 10' })).closest('article')!;
    expect(within(paid).getByText('CBSE')).toBeTruthy();
    expect(paid.textContent).not.toMatch(/₹|N\/A/);
    const free = screen.getByRole('heading', { name: 'SSLC Class 8' }).closest('article')!;
    expect(within(free).getByText('Free')).toBeTruthy();
  });
});

describe('the landing page in Kannada', () => {
  it('speaks Kannada, markup kept inside its sentences, the catalogue’s names as they come', async () => {
    await chooseLanguage('kn');
    serveClasses([
      cls('c8', 'SSLC ತರಗತಿ 8', { class_price: 0, free_course: true, medium: 'kannada' }),
    ]);
    renderLanding();
    expect(
      screen.getByRole('heading', { level: 1, name: 'ಜಾಣ್ಮೆಯಿಂದ ಓದಿ, ದೊಡ್ಡ ಕನಸು ಕಾಣಿ, ಹೆಚ್ಚು ಸಾಧಿಸಿ!' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ತರಗತಿಗಳನ್ನು ನೋಡಿ' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'ನಮ್ಮನ್ನೇ ಏಕೆ ಆಯ್ಕೆಮಾಡಬೇಕು' })).toBeTruthy();
    // The bold words of a reason stay bold in Kannada.
    expect(screen.getByText('ರೆಕಾರ್ಡ್ ಮಾಡಿದ ವೀಡಿಯೊಗಳು').tagName).toBe('STRONG');
    const card = (await screen.findByRole('heading', { name: 'SSLC ತರಗತಿ 8' })).closest('article')!;
    expect(within(card).getAllByText('ಉಚಿತ').length).toBeGreaterThan(0);
    expect(within(card).getByText('ಕನ್ನಡ ಮಾಧ್ಯಮ')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'ತರಗತಿ ನೋಡಿ' })).toBeTruthy();
  });
});
