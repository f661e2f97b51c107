import type { Insights } from './api/insights.ts';

/** Paise as rupees with two decimals, as a spreadsheet reads them (no grouping, no symbol). */
const rupees = (paise: number) => (paise / 100).toFixed(2);

/** The days of a range as CSV (a header, one line per day), amounts in rupees. */
export function daysCsv(data: Insights): string {
  const header = [
    'date',
    'gross_rupees',
    'tax_rupees',
    'refunds_rupees',
    'net_rupees',
    'paid_orders',
    'refunds',
    'new_learners',
  ];
  const rows = data.days.map((d) =>
    [
      d.date,
      rupees(d.gross),
      rupees(d.tax),
      rupees(d.refunds),
      rupees(d.net),
      d.orders,
      d.refund_count,
      d.learners,
    ].join(','),
  );
  return `${[header.join(','), ...rows].join('\r\n')}\r\n`;
}

/** Has the browser save `text` as a file (a download made from the data, no request). */
export function downloadText(text: string, fileName: string, type = 'text/csv') {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
