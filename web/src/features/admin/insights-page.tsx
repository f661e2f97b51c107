import { useMemo, useState, type ReactNode } from 'react';
import {
  addDays,
  daysInRange,
  indiaDay,
  INSIGHTS_LIMITS,
  isCalendarDate,
} from '@gia/shared/insights-rules.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { rupee } from '../../lib/format.ts';
import { AdminHeader } from './admin-header.tsx';
import { useInsights, useTopicDropoff, type Insights, type TopicDropoff } from './api/insights.ts';
import { daysCsv, downloadText } from './insights-csv.ts';
import { LineChart, type ChartLine } from './line-chart.tsx';
import { useTopicPicker } from './topic-picker.tsx';

/*
 * `/AdminInsights` (issue 18): sales per day for a range (India time) with totals, charts and
 * their tables, top subjects and coupons, a CSV of the days; and per topic how far viewers watch
 * and how often its practice questions are answered rightly.
 */

const count = (n: number) => n.toLocaleString('en-IN');
/** Paise as rupees (₹1,234.50). */
const money = (paise: number) => rupee(paise / 100);
/** Rupees on a chart's axis, whole (₹1,235). */
const axisRupees = (r: number) => `₹${Math.round(r).toLocaleString('en-IN')}`;
const axisCount = (n: number) => (Number.isInteger(n) ? count(n) : '');
const axisPercent = (n: number) => `${Math.round(n)}%`;
/** A date of the range as the tables and the chart's axis show it: 26/11. */
const dayMonth = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

const COLORS = {
  gross: '#1d4ed8',
  refunds: '#b91c1c',
  net: '#15803d',
  orders: '#7c3aed',
  learners: '#0f766e',
  watching: '#1d4ed8',
} as const;

/** Why a range cannot be asked for, or undefined. */
function rangeProblem(from: string, to: string): string | undefined {
  if (!isCalendarDate(from) || !isCalendarDate(to)) return 'Choose both dates.';
  if (to < from) return 'The end date must be on or after the start date.';
  if (daysInRange(from, to) > INSIGHTS_LIMITS.maxDays) {
    return `Choose a range of at most ${INSIGHTS_LIMITS.maxDays} days.`;
  }
  return undefined;
}

/** A table with a caption, in a box that scrolls when it is long. */
function NumbersTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: ReactNode[][];
}) {
  return (
    <div className="insights-table" role="region" aria-label={caption} tabIndex={0}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" className={i ? 'num' : undefined}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, r) => (
            <tr key={r}>
              {cells.map((c, i) =>
                i === 0 ? (
                  <th key={i} scope="row">
                    {c}
                  </th>
                ) : (
                  <td key={i} className="num">
                    {c}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The range's totals. */
function Totals({ data }: { data: Insights }) {
  const t = data.totals;
  const figures: [string, string][] = [
    ['Gross', money(t.gross)],
    ['GST in it', money(t.tax)],
    [t.refund_count === 1 ? '1 refund' : `${count(t.refund_count)} refunds`, money(t.refunds)],
    ['Net', money(t.net)],
    ['Paid orders', count(t.orders)],
    ['New learners', count(t.learners)],
  ];
  return (
    <ul className="admin-stats insights-totals" aria-label="Totals of the range">
      {figures.map(([label, value]) => (
        <li key={label} className="admin-stat">
          <span className="admin-stat-value">{value}</span>
          <span className="admin-stat-label">{label}</span>
        </li>
      ))}
    </ul>
  );
}

/** Revenue and orders per day: each chart with its table beside it. */
function PerDay({ data }: { data: Insights }) {
  const labels = useMemo(() => data.days.map((d) => dayMonth(d.date)), [data]);
  const revenue = useMemo<ChartLine[]>(
    () => [
      { label: 'Gross', values: data.days.map((d) => d.gross / 100), color: COLORS.gross },
      {
        label: 'Refunds',
        values: data.days.map((d) => d.refunds / 100),
        color: COLORS.refunds,
        dash: [6, 4],
      },
      { label: 'Net', values: data.days.map((d) => d.net / 100), color: COLORS.net },
    ],
    [data],
  );
  const orders = useMemo<ChartLine[]>(
    () => [
      { label: 'Paid orders', values: data.days.map((d) => d.orders), color: COLORS.orders },
      {
        label: 'New learners',
        values: data.days.map((d) => d.learners),
        color: COLORS.learners,
        dash: [6, 4],
      },
    ],
    [data],
  );
  return (
    <>
      <section className="insights-pair" aria-labelledby="revenue-heading">
        <h2 id="revenue-heading">Revenue per day</h2>
        <LineChart
          title="Gross, refunds and net in rupees"
          xLabel="Date"
          labels={labels}
          lines={revenue}
          format={axisRupees}
        />
        <NumbersTable
          caption="Revenue per day"
          head={['Date', 'Gross', 'Refunds', 'Net']}
          rows={data.days.map((d) => [
            dayMonth(d.date),
            money(d.gross),
            money(d.refunds),
            money(d.net),
          ])}
        />
      </section>
      <section className="insights-pair" aria-labelledby="orders-heading">
        <h2 id="orders-heading">Paid orders and new learners per day</h2>
        <LineChart
          title="Paid orders and new learners"
          xLabel="Date"
          labels={labels}
          lines={orders}
          format={axisCount}
        />
        <NumbersTable
          caption="Paid orders and new learners per day"
          head={['Date', 'Orders', 'Learners']}
          rows={data.days.map((d) => [dayMonth(d.date), count(d.orders), count(d.learners)])}
        />
      </section>
    </>
  );
}

/** The subjects and coupons that sold most in the range. */
function TopLists({ data }: { data: Insights }) {
  return (
    <div className="insights-tops">
      <section aria-labelledby="top-subjects-heading">
        <h2 id="top-subjects-heading">Top subjects</h2>
        {data.top_subjects.length ? (
          <NumbersTable
            caption="Subjects by revenue"
            head={['Subject', 'Orders', 'Revenue']}
            rows={data.top_subjects.map((s) => [s.subject_name, count(s.count), money(s.paise)])}
          />
        ) : (
          <p className="muted">No subject was sold in these days.</p>
        )}
      </section>
      <section aria-labelledby="top-coupons-heading">
        <h2 id="top-coupons-heading">Top coupons</h2>
        {data.top_coupons.length ? (
          <NumbersTable
            caption="Coupons by uses"
            head={['Code', 'Uses', 'Discount']}
            rows={data.top_coupons.map((c) => [c.code, count(c.uses), money(c.discount)])}
          />
        ) : (
          <p className="muted">No coupon was used in these days.</p>
        )}
      </section>
    </div>
  );
}

/** The sales part: the range, its totals, the charts and tables, and the CSV download. */
function Sales() {
  const today = indiaDay(new Date());
  const [from, setFrom] = useState(addDays(today, -29));
  const [to, setTo] = useState(today);
  const problem = rangeProblem(from, to);
  const insights = useInsights(from, to, !problem);
  const data = insights.data;
  return (
    <section className="card insights-sales" aria-label="Sales">
      <form className="filters insights-range" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor="insights-from">From</label>
          <input
            id="insights-from"
            type="date"
            value={from}
            max={to || undefined}
            onChange={(e) => setFrom(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="insights-to">To</label>
          <input
            id="insights-to"
            type="date"
            value={to}
            min={from || undefined}
            onChange={(e) => setTo(e.target.value)}
          />
        </div>
        <button
          type="button"
          className="btn"
          disabled={!data || Boolean(problem)}
          onClick={() =>
            data && downloadText(daysCsv(data), `insights-${data.from}-${data.to}.csv`)
          }
        >
          Download CSV
        </button>
      </form>
      <p className="muted insights-note">Days are India time. Amounts include GST.</p>
      {problem ? (
        <p role="alert">{problem}</p>
      ) : insights.isError ? (
        <p role="alert">
          {errorMessage(insights.error, 'We couldn’t load the insights.')}{' '}
          <button type="button" className="btn btn-small" onClick={() => void insights.refetch()}>
            Try again
          </button>
        </p>
      ) : !data ? (
        <p className="muted">Loading the insights…</p>
      ) : (
        <>
          <Totals data={data} />
          <PerDay data={data} />
          <TopLists data={data} />
        </>
      )}
    </section>
  );
}

/** A topic's drop-off curve with its table, and its questions' answers. */
function Dropoff({ data }: { data: TopicDropoff }) {
  const labels = useMemo(() => data.points.map((p) => `${p.percent}%`), [data]);
  const lines = useMemo<ChartLine[]>(
    () => [
      {
        label: 'Still watching',
        values: data.points.map((p) => p.share),
        color: COLORS.watching,
      },
    ],
    [data],
  );
  return (
    <>
      <p>
        <strong>{count(data.viewers)}</strong>{' '}
        {data.viewers === 1 ? 'learner has' : 'learners have'} started the video of{' '}
        {data.topic_name}.
      </p>
      {data.viewers > 0 && (
        <div className="insights-pair">
          <LineChart
            title="Share of viewers still watching at each tenth of the video"
            xLabel="Watched to"
            labels={labels}
            lines={lines}
            format={axisPercent}
          />
          <NumbersTable
            caption="Viewers still watching"
            head={['Watched to', 'Viewers', 'Share']}
            rows={data.points.map((p) => [`${p.percent}%`, count(p.viewers), `${p.share}%`])}
          />
        </div>
      )}
      <h3>Practice questions</h3>
      {data.questions.length ? (
        <NumbersTable
          caption="Answers per question (the first answer in each quiz attempt)"
          head={['Question', 'Answered', 'Correct', 'Share correct']}
          rows={data.questions.map((q) => [
            q.text,
            count(q.answered),
            count(q.correct),
            q.answered ? `${Math.round((q.correct / q.answered) * 100)}%` : '–',
          ])}
        />
      ) : (
        <p className="muted">This topic has no practice questions.</p>
      )}
    </>
  );
}

/** The learning part: a topic picker, then the topic's drop-off. */
function Learning() {
  const { topicId, picker } = useTopicPicker('insights-topic');
  const dropoff = useTopicDropoff(topicId);
  return (
    <section className="card insights-learning" aria-labelledby="learning-heading">
      <h2 id="learning-heading">Where viewers stop watching</h2>
      {picker}
      {!topicId ? (
        <p className="muted">Choose a topic to see how far its viewers watch.</p>
      ) : dropoff.isError ? (
        <p role="alert">{errorMessage(dropoff.error, 'We couldn’t load the topic’s drop-off.')}</p>
      ) : !dropoff.data ? (
        <p className="muted">Loading the topic…</p>
      ) : (
        <Dropoff data={dropoff.data} />
      )}
    </section>
  );
}

/** `/AdminInsights`. */
export function InsightsPage() {
  return (
    <>
      <AdminHeader />
      <main className="admin-main insights">
        <h1>Insights</h1>
        <Sales />
        <Learning />
      </main>
    </>
  );
}
