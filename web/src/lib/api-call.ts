/*
 * The route-named call: the one HTTP client (api-client.ts) for a route of the shared table, its
 * path built from the table and its answer typed by the route's schema in the shared answer table
 * (shared/src/route-answers.ts): the web reads the same type the functions' handlers must build.
 * Types only from the answer table, so no schema (and no zod) reaches the first screen.
 */
import type { Answer } from '@gia/shared/route-answers.ts';
import { BASES, ROUTES } from '@gia/shared/routes.ts';
import { api } from './api-client.ts';
import { takeBootRead } from './boot.ts';
import { useLanguage } from './i18n.ts';
import { withLanguage } from './language-choice.ts';
import { apiPath, type QueryValues, type RouteName } from './api-paths.ts';

export type { Answer };

/** What a call sends besides the route: path parameters, query, a JSON body or a form. */
export interface CallOptions {
  params?: Record<string, string>;
  query?: QueryValues;
  body?: unknown;
  form?: FormData;
  signal?: AbortSignal;
  /** `false`: no refresh and no trip to sign-in on a 401 (see `api`). */
  renew?: boolean;
  /** This request's answer, already on hand (see `api`). */
  sent?: Response;
  /** Outlives the page (see `api`). */
  keepalive?: boolean;
}

/**
 * Calls route `name` of the shared table with its method and path, and answers its typed answer.
 *
 * @example call('ai.ask', { body: { messages, topic_id } }) // Promise<Answer<'ai.ask'>>
 */
export function call<N extends RouteName>(
  name: N,
  { params, query, ...options }: CallOptions = {},
): Promise<Answer<N>> {
  const route = ROUTES.find((r) => r.name === name);
  const method = route?.method ?? 'GET';
  // A learner's read asks for the catalogue in the interface's language (issue 33); the back
  // office reads the records as stored.
  const reads = method === 'GET' && !route?.path.startsWith(BASES.admin);
  const path = withLanguage(
    apiPath(name, params, query),
    reads ? useLanguage.getState().language : undefined,
  );
  // A public read the boot script started for this page (web/src/boot/page-reads.ts): its answer,
  // once; where that request failed, this call sends its own.
  const early = method === 'GET' && !options.sent ? takeBootRead(path) : undefined;
  if (early) return early.then((sent) => api<Answer<N>>(method, path, { ...options, sent }));
  return api<Answer<N>>(method, path, options);
}
