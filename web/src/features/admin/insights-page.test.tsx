import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, indiaDay } from '@gia/shared/insights-rules.ts';
import type { Insights, TopicDropoff } from './api/insights.ts';
import { daysCsv } from './insights-csv.ts';
import { InsightsPage } from './insights-page.tsx';

/** uPlot draws on a canvas, which jsdom lacks: the fake keeps what each chart was given. */
const charts: { series: string[]; data: number[][] }[] = [];
vi.mock('uplot', () => ({
  default: class {
    constructor(opts: { series: { label?: string }[] }, data: number[][]) {
      charts.push({ series: opts.series.slice(1).map((s) => s.label ?? ''), data });
    }
    setSize() {}
    destroy() {}
  },
}));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const zero = { gross: 0, tax: 0, refunds: 0, net: 0, orders: 0, refund_count: 0, learners: 0 };

/** Two days: a sale with a coupon on the first, a refund on the second. */
const insights = (from: string, to: string): Insights => ({
  from,
  to,
  days: [
    {
      date: from,
      ...zero,
      gross: 40_545,
      tax: 6_184,
      net: 40_545,
      orders: 1,
      learners: 2,
    },
    { date: to, ...zero, refunds: 10_000, net: -10_000, refund_count: 1 },
  ],
  totals: {
    gross: 40_545,
    tax: 6_184,
    refunds: 10_000,
    net: 30_545,
    orders: 1,
    refund_count: 1,
    learners: 2,
  },
  top_subjects: [{ subject_id: 's1', subject_name: 'Physics', count: 1, paise: 27_000 }],
  top_coupons: [{ code: 'DIWALI10', uses: 1, discount: 4_505 }],
});

const dropoff: TopicDropoff = {
  topic_id: 't1',
  topic_name: 'Akbar',
  viewers: 4,
  points: [100, 100, 75, 75, 50, 50, 50, 25, 25, 25].map((share, k) => ({
    percent: k * 10,
    viewers: share / 25,
    share,
  })),
  questions: [
    { question_id: 'q1', text: 'Akbar started the Din-i-Ilahi.', answered: 4, correct: 3 },
  ],
};

let requests: string[] = [];

beforeEach(() => {
  charts.length = 0;
  requests = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      const p = String(path);
      requests.push(p);
      const url = new URL(p, 'http://localhost');
      if (url.pathname.endsWith('/getInsights')) {
        return json(200, {
          message: 'Insights loaded.',
          data: insights(url.searchParams.get('from')!, url.searchParams.get('to')!),
        });
      }
      if (url.pathname.endsWith('/getTopicDropoff')) {
        return json(200, { message: 'Topic drop-off loaded.', data: dropoff });
      }
      if (url.pathname.endsWith('/getTopics')) {
        return json(200, {
          message: 'ok',
          data: [{ topic_id: 't1', topic_name: 'Akbar', chapter_name: 'Mughals' }],
        });
      }
      return json(200, { message: 'ok', data: [] });
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

function renderAt(url: string) {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={[url]}>
        <InsightsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the insights screen', () => {
  it('asks for the last 30 days and shows the totals, both charts with their tables and the top lists', async () => {
    const today = indiaDay(new Date());
    renderAt('/AdminInsights');

    const totals = await screen.findByRole('list', { name: 'Totals of the range' });
    expect(requests.some((r) => r.includes(`from=${addDays(today, -29)}&to=${today}`))).toBe(true);
    expect(within(totals).getByText('₹405.45')).toBeTruthy();
    const refunds = within(totals).getByText('1 refund').closest('li')!;
    expect(within(refunds).getByText('₹100')).toBeTruthy();
    expect(within(totals).getByText('₹305.45')).toBeTruthy();
    const revenue = screen.getByRole('table', { name: 'Revenue per day' });
    expect(within(revenue).getAllByRole('row')).toHaveLength(3);
    const firstDay = within(revenue).getAllByRole('row')[1]!;
    expect(
      within(firstDay)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['₹405.45', '₹0', '₹405.45']);
    expect(
      screen.getByRole('table', { name: 'Paid orders and new learners per day' }),
    ).toBeTruthy();
    expect(charts.map((c) => c.series)).toEqual([
      ['Gross', 'Refunds', 'Net'],
      ['Paid orders', 'New learners'],
    ]);
    expect(charts[0]!.data.slice(1)).toEqual([
      [405.45, 0],
      [0, 100],
      [405.45, -100],
    ]);
    const subjects = screen.getByRole('table', { name: 'Subjects by revenue' });
    expect(within(subjects).getByText('Physics')).toBeTruthy();
    expect(within(subjects).getByText('₹270')).toBeTruthy();
    expect(
      within(screen.getByRole('table', { name: 'Coupons by uses' })).getByText('DIWALI10'),
    ).toBeTruthy();
  });

  it('refuses a range that ends before it starts without asking the server', async () => {
    renderAt('/AdminInsights');
    await screen.findByRole('list', { name: 'Totals of the range' });
    const asked = () => requests.filter((r) => r.includes('/getInsights')).length;
    const before = asked();

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2030-01-10' } });

    expect(screen.getByRole('alert').textContent).toBe(
      'The end date must be on or after the start date.',
    );
    expect(asked()).toBe(before);
  });

  it('downloads the days as a CSV the browser makes from the data', async () => {
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((b: Blob) => {
      blobs.push(b);
      return 'blob:insights';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicks: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this.download);
    });
    renderAt('/AdminInsights');
    await screen.findByRole('list', { name: 'Totals of the range' });

    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));

    expect(clicks).toEqual([
      expect.stringMatching(/^insights-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/),
    ]);
    const text = await blobs[0]!.text();
    expect(text.split('\r\n').slice(0, 3)).toEqual([
      'date,gross_rupees,tax_rupees,refunds_rupees,net_rupees,paid_orders,refunds,new_learners',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2},405\.45,61\.84,0\.00,405\.45,1,0,2$/),
      expect.stringMatching(/^\d{4}-\d{2}-\d{2},0\.00,0\.00,100\.00,-100\.00,0,1,0$/),
    ]);
    click.mockRestore();
  });

  it('shows a chosen topic’s drop-off curve with its table, and its questions’ answers', async () => {
    renderAt('/AdminInsights?topic=t1');

    expect(await screen.findByText(/learners have started the video of Akbar/)).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Viewers still watching' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    const at20 = within(table).getByText('20%').closest('tr')!;
    expect(
      within(at20)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', '75%']);
    await waitFor(() => expect(charts.some((c) => c.series[0] === 'Still watching')).toBe(true));
    const curve = charts.find((c) => c.series[0] === 'Still watching')!;
    expect(curve.data[1]).toEqual([100, 100, 75, 75, 50, 50, 50, 25, 25, 25]);
    const questions = screen.getByRole('table', {
      name: 'Answers per question (the first answer in each quiz attempt)',
    });
    const row = within(questions).getByText('Akbar started the Din-i-Ilahi.').closest('tr')!;
    expect(within(row).getByText('75%')).toBeTruthy();
  });
});

describe('the days as CSV', () => {
  it('has a header and one line per day, amounts in rupees with paise', () => {
    expect(daysCsv(insights('2026-11-01', '2026-11-02'))).toBe(
      'date,gross_rupees,tax_rupees,refunds_rupees,net_rupees,paid_orders,refunds,new_learners\r\n' +
        '2026-11-01,405.45,61.84,0.00,405.45,1,0,2\r\n' +
        '2026-11-02,0.00,0.00,100.00,-100.00,0,1,0\r\n',
    );
  });
});
