import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageHeading } from '../../components/page-heading.tsx';
import { TextField } from '../../components/text-field.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { call } from '../../lib/api-call.ts';
import { dayAndTime } from '../../lib/format.ts';
import { t as translate, useT } from '../../lib/i18n.ts';
import { Trans } from '../../lib/trans.tsx';

/** When a message was sent, to the second (codes arrive seconds apart). */
const sentAt = (iso: string) => dayAndTime(iso, true);

/** What the page says where the API has no outbox (in AWS the route does not exist). */
export const noOutbox = () => translate('outbox.missing');

/**
 * `/local/outbox`: every e-mail the local stack "sent" (sign-in and reset codes, receipts), newest
 * first, so a developer or a browser test can read a code without a mail server. `?to=` narrows it
 * to one address.
 */
export function OutboxPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const to = params.get('to') ?? '';
  const [filter, setFilter] = useState(to);
  const outbox = useQuery({
    queryKey: ['local-outbox', to],
    queryFn: () => call('local.outbox', { query: { to } }),
    retry: false,
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const next = filter.trim();
    setParams(next ? { to: next } : {});
  }

  const missing = outbox.error instanceof ApiError && outbox.error.status === 404;
  const messages = outbox.data?.data ?? [];
  return (
    <div className="outbox">
      <PageHeading title={t('outbox.title')} />
      <form className="outbox-filter" onSubmit={submit} role="search">
        <TextField
          id="outbox-to"
          label={t('outbox.to')}
          type="email"
          inputMode="email"
          value={filter}
          placeholder={t('outbox.everyAddress')}
          onChange={setFilter}
        />
        <div className="outbox-buttons">
          <button type="submit" className="btn btn-primary">
            {t('outbox.show')}
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => void outbox.refetch()}
            disabled={outbox.isFetching}
          >
            {t('outbox.refresh')}
          </button>
        </div>
      </form>
      <div aria-live="polite" aria-busy={outbox.isFetching}>
        {outbox.isPending ? (
          <p className="loading">{t('page.loading')}</p>
        ) : missing ? (
          <p className="empty">{noOutbox()}</p>
        ) : outbox.isError ? (
          <p className="form-error" role="alert">
            {errorMessage(outbox.error, t('outbox.readFailed'))}
          </p>
        ) : messages.length === 0 ? (
          <p className="empty">{to ? t('outbox.nothingTo', { to }) : t('outbox.nothing')}</p>
        ) : (
          <ol className="outbox-list">
            {messages.map((m, i) => (
              <li key={`${m.sent_at}-${i}`} className="card outbox-message">
                <h2>{m.subject}</h2>
                <p className="outbox-meta">
                  <Trans
                    id="outbox.sentTo"
                    values={{ to: m.to }}
                    components={{ 0: <span className="outbox-address" /> }}
                  />{' '}
                  · <time dateTime={m.sent_at}>{sentAt(m.sent_at)}</time>
                </p>
                <pre className="outbox-text">{m.text}</pre>
              </li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}
