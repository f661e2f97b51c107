import { AsyncLocalStorage } from 'node:async_hooks';
import { isIP } from 'node:net';
import middy from '@middy/core';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import type { ErrorBody, RouteDef, RouteGroup, RouteName, RouteNameOf } from '@gia/shared';
import type { Answer } from '@gia/shared/route-answers.ts';
import { describeMessage } from '@gia/shared/message-codes.ts';
import { VALIDATION_MESSAGES as V } from '@gia/shared/validation-messages.ts';
import { API_MESSAGES as MESSAGES, routeMatcher, routesOfGroup } from '@gia/shared';
import { isServiceUnavailable } from './aws-calls.ts';
import {
  assertSessionStands,
  bearerToken,
  SessionCheck,
  verifyAccessToken,
  type Identity,
} from './auth.ts';
import {
  AppError,
  ForbiddenError,
  MethodNotAllowedError,
  NotFoundError,
  NotImplementedError,
  PayloadTooLargeError,
  UnauthenticatedError,
  UnavailableError,
  ValidationError,
} from './errors.ts';
import { withCacheHeaders } from './http-cache.ts';
import { logger } from './logger.ts';
import { queryLanguage, withReadingLanguage } from './reading-language.ts';
import { withPendingSessionCheck } from './session-scope.ts';

/**
 * The Lambda build (functions/src/groups.ts, `lambdaBundling`) defines this as the JSON of the
 * bundle's own routes, so a group's bundle carries its routes and not the whole table; run
 * unbundled (tests, the local gateway) it is undefined and the table is read.
 */
declare const GIA_GROUP_ROUTES: string | undefined;

/** The routes one group's handler matches requests against. */
const ownRoutes = (group: RouteGroup): RouteDef[] =>
  typeof GIA_GROUP_ROUTES === 'undefined'
    ? routesOfGroup(group)
    : (JSON.parse(GIA_GROUP_ROUTES) as RouteDef[]);

/** JSON bodies above this many bytes are refused with 413. */
export const MAX_JSON_BODY_BYTES = 64 * 1024;

/** What a route handler receives: already routed, authorised and parsed. */
export interface ApiRequest {
  route: RouteDef;
  params: Record<string, string>;
  query: Record<string, string | undefined>;
  /** Parsed JSON body (`undefined` when there is none or the route takes a raw body). */
  body: unknown;
  /** The raw body bytes, for routes declared `rawBody` (signatures, multipart). */
  rawBody?: Buffer;
  headers: Record<string, string | undefined>;
  /** The request's cookies by name (HTTP API v2 `cookies`; a `Cookie` header otherwise). */
  cookies: Record<string, string | undefined>;
  /** The client's network address, for per-client limits (see {@link clientAddress}). */
  client: string;
  /** The verified caller, when a valid token was sent. */
  identity?: Identity;
  requestId: string;
}

/** What a route handler answers: `B` is the JSON body (the route's {@link Answer}). */
export interface ApiResult<B = unknown> {
  status?: number;
  body: B;
  headers?: Record<string, string>;
  /** `Set-Cookie` values (HTTP API v2 `cookies`). */
  cookies?: string[];
}

/**
 * What the code serving one request may add to its answer without threading it through every
 * service: `Set-Cookie` values (one per cookie name and path, the last wins), and the host the
 * viewer asked for (CloudFront's viewer-request function copies it into `x-gia-viewer-host`;
 * locally the gateway passes the viewer's `Host`).
 */
interface ResponseScope {
  cookies: Map<string, string>;
  viewerHost?: string;
}
const responseScope = new AsyncLocalStorage<ResponseScope>();
/** `Set-Cookie` values a request had set when it failed, by its error. */
const errorCookies = new WeakMap<object, string[]>();

/** The cookies of a request: API Gateway hands them as `name=value` strings. */
export function requestCookies(
  list: string[] | undefined,
  header: string | undefined,
): Record<string, string | undefined> {
  const pairs = list ?? header?.split(';') ?? [];
  const cookies: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim();
    // The first of two same-named cookies is the one with the longer (more specific) path.
    if (!(name in cookies)) cookies[name] = pair.slice(at + 1).trim();
  }
  return cookies;
}

/** Adds a `Set-Cookie` value to the answer of the request being served (no-op outside one). */
export function setResponseCookie(cookie: string): void {
  const scope = responseScope.getStore();
  if (!scope) return;
  const name = cookie.slice(0, cookie.indexOf('='));
  const path = /;\s*Path=([^;]*)/i.exec(cookie)?.[1] ?? '';
  scope.cookies.set(`${name}\n${path}`, cookie);
}

/** The host name (and port) the viewer of the request being served asked for, if known. */
export const viewerHost = (): string | undefined => responseScope.getStore()?.viewerHost;

/**
 * The handler of route `N` (or of any of the routes `N` names): it answers the body the shared
 * answer table (shared/src/route-answers.ts) declares for the route.
 */
export type RouteHandler<N extends RouteName = RouteName> = (
  req: ApiRequest,
) => Promise<ApiResult<Answer<N>>>;

/**
 * The handlers of one route group, keyed by the names its routes have in the shared route table:
 * a misspelt name, a route of another group, a route left out or an answer of another shape than
 * the route's `Answer` does not compile.
 */
export type RouteHandlers<G extends RouteGroup> = {
  // Spelt out, not `RouteHandler<N>`: the checker would compare two instances of one alias by
  // their type argument alone, and let a handler typed for any route pass for route N.
  readonly [N in RouteNameOf<G>]: (req: ApiRequest) => Promise<ApiResult<Answer<N>>>;
};

export type LambdaHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

/** `200 {message, data, ...extra}`, typed by what it carries (the route's answer checks it). */
export const ok = <D = undefined, E extends object = object>(
  message: string,
  data?: D,
  extra?: E,
  // NoInfer: the types come from what is passed, never from the route's answer (an `E` inferred
  // from the answer would let any data pass).
): ApiResult<{ message: string; data: NoInfer<D> } & NoInfer<E>> => ({
  body: { message, data: data as D, ...(extra as E) },
});

/** `201 {message, data}`, and what `extra` adds beside them. */
export const created = <D, E extends object = object>(
  message: string,
  data: D,
  extra?: E,
): ApiResult<{ message: string; data: NoInfer<D> } & NoInfer<E>> => ({
  status: 201,
  body: { message, data, ...(extra as E) },
});

/** A file sent as one field of a `multipart/form-data` body. */
export interface FormFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/**
 * The file in field `field` of a route's multipart body (a route declared `rawBody`). Anything
 * else (no body, another content type, no file in that field) is a `400` with `message`.
 */
export async function formFile(req: ApiRequest, field: string, message: string): Promise<FormFile> {
  const contentType = req.headers['content-type'] ?? '';
  if (!req.rawBody || !contentType.startsWith('multipart/form-data')) {
    throw new ValidationError(message, [{ field, message: V.fileFieldMissing(field) }]);
  }
  const form = await new Request('http://upload/', {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: req.rawBody,
  })
    .formData()
    .catch(() => undefined);
  const file = form?.get(field);
  if (!(file instanceof File)) {
    throw new ValidationError(message, [{ field, message: V.noFileInField(field) }]);
  }
  return { name: file.name, type: file.type, bytes: new Uint8Array(await file.arrayBuffer()) };
}

/** The caller of a route whose access rule guarantees one. */
export function caller(req: ApiRequest): Identity {
  if (!req.identity) throw new UnauthenticatedError();
  return req.identity;
}

const json = (
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): APIGatewayProxyStructuredResultV2 => ({
  statusCode: status,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: JSON.stringify(body),
});

function lowerCaseHeaders(
  h: APIGatewayProxyEventV2['headers'],
): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(h ?? {})) out[k.toLowerCase()] = v;
  return out;
}

/**
 * The address of the client that sent a request. In AWS requests reach the API through
 * CloudFront, so the event's `sourceIp` is a CloudFront edge server shared by many viewers; the
 * viewer's own address is the `CloudFront-Viewer-Address` header (`<ip>:<port>`), which CloudFront
 * sets itself and forwards with the API's origin request policy. Elsewhere (the local gateway)
 * `sourceIp` is the client's socket address.
 */
export function clientAddress(
  event: APIGatewayProxyEventV2,
  headers: Record<string, string | undefined>,
): string {
  const viewer = headers['cloudfront-viewer-address'];
  const viewerIp = viewer?.slice(0, viewer.lastIndexOf(':'));
  if (viewerIp && isIP(viewerIp)) return viewerIp.toLowerCase();
  return (event.requestContext?.http?.sourceIp ?? 'unknown').toLowerCase();
}

function readBody(event: APIGatewayProxyEventV2): Buffer | undefined {
  if (event.body === undefined || event.body === null || event.body === '') return undefined;
  return Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
}

function parseJson(raw: Buffer | undefined): unknown {
  if (!raw) return undefined;
  if (raw.byteLength > MAX_JSON_BODY_BYTES) throw new PayloadTooLargeError();
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new ValidationError(MESSAGES.malformedJson, [
      { field: '(body)', message: MESSAGES.malformedJson },
    ]);
  }
}

/** A verified caller, and the session check its route's reads may carry (when deferred). */
interface Authorised {
  identity?: Identity;
  check?: SessionCheck;
}

/**
 * Verifies the caller against the route's access rule. The session check is made here, before
 * the handler, unless the route lets it ride in its first read (`deferCheck`): then it is
 * handed back open, for {@link createGroupHandler} to have it decided before answering.
 */
async function authorise(
  route: RouteDef,
  token: string | undefined,
  deferCheck: boolean,
): Promise<Authorised> {
  if (route.access === 'public') {
    // Public routes accept a token but never need one; a stale token is treated as none.
    if (!token) return {};
    const identity = await verifyAccessToken(token).catch(() => undefined);
    if (!identity) return {};
    if (deferCheck) return { identity, check: new SessionCheck(identity) };
    // A token whose session no longer stands, or that cannot be checked right now (e.g. a
    // function without table access such as health), is treated as none: anonymous is the least
    // a public route can give.
    return assertSessionStands(identity).then(
      () => ({ identity }),
      () => ({}),
    );
  }
  if (!token) throw new UnauthenticatedError();
  const identity = await verifyAccessToken(token);
  if (route.access !== 'learner-or-admin' && identity.pool !== route.access) {
    throw new ForbiddenError();
  }
  if (deferCheck) return { identity, check: new SessionCheck(identity) };
  // A removed admin or a logged-out session keeps a valid signature until the token expires.
  await assertSessionStands(identity);
  return { identity };
}

/** The handlers marked by {@link sessionCheckInReads}. */
const checkedInReads = new WeakSet<object>();

/**
 * Marks the handler of a read-only route whose caller's session check rides in the handler's
 * first BatchGet (lib/session-scope.ts), so it costs no request of its own (issue 30). The
 * handler reads before the check is decided, but nothing is answered (and nothing written)
 * until it is: a session that no longer stands still gets `401` (anonymous on a public route).
 * Only handlers with no effect outside DynamoDB may be marked.
 */
export function sessionCheckInReads<H extends (req: ApiRequest) => Promise<ApiResult>>(
  handler: H,
): H {
  checkedInReads.add(handler);
  return handler;
}

/**
 * One place maps errors to answers: an `AppError` to its status, an AWS service that timed out or
 * refused for load to a 503 the caller may retry, anything else to a plain 500.
 */
export function errorResponse(err: unknown, requestId: string): APIGatewayProxyStructuredResultV2 {
  if (!(err instanceof AppError) && isServiceUnavailable(err)) {
    logger.warn('AWS service unavailable', { requestId, error: err as Error });
    err = new UnavailableError(MESSAGES.unavailable);
  }
  if (err instanceof AppError) {
    if (err.status >= 500) logger.warn('request failed', { requestId, code: err.code });
    const body: ErrorBody = {
      message: err.message,
      code: err.code,
      ...describeMessage(err.message, err.code),
    };
    if (err.details) {
      body.details = err.details.map((d) => ({ ...d, ...describeMessage(d.message, err.code) }));
    }
    return json(err.status, body, err.headers);
  }
  logger.error('unhandled error', { requestId, error: err as Error });
  const body: ErrorBody = {
    message: MESSAGES.internal,
    code: 'INTERNAL',
    ...describeMessage(MESSAGES.internal, 'INTERNAL'),
  };
  return json(500, body);
}

/**
 * The Lambda handler of one route group. It finds the route among the group's routes of the
 * shared table (a path of another group is a 404, as API Gateway never sends one), checks the
 * caller against the route's access rule, parses the body, runs the route's handler and maps
 * errors. `handlers` has one handler per route of the group (the type checker holds it to the
 * table); a declared route that still finds none at run time answers `501`.
 */
export function createGroupHandler<G extends RouteGroup>(
  group: G,
  handlers: RouteHandlers<G>,
  options: { beforeRoute?: () => Promise<void> } = {},
): LambdaHandler {
  const matchRoute = routeMatcher(ownRoutes(group));
  const core = async (
    event: APIGatewayProxyEventV2,
    context: Context,
  ): Promise<APIGatewayProxyStructuredResultV2> => {
    const requestId = event.requestContext?.requestId ?? context.awsRequestId;
    const method = event.requestContext?.http?.method ?? 'GET';
    const match = matchRoute(method, event.rawPath);
    if (match.kind === 'not-found') throw new NotFoundError();
    if (match.kind === 'method-not-allowed') throw new MethodNotAllowedError(match.allowed);
    const { route, params } = match;
    if (route.group !== group) throw new NotFoundError();

    const headers = lowerCaseHeaders(event.headers);
    // A cached answer is everyone's: its route never reads a token (none reaches it behind
    // CloudFront either), so its answer cannot be personal.
    const handler = (handlers as Partial<Record<string, (req: ApiRequest) => Promise<ApiResult>>>)[
      route.name
    ];
    const authorised: Authorised =
      route.cache === 'public'
        ? {}
        : await authorise(
            route,
            bearerToken(headers),
            handler !== undefined && checkedInReads.has(handler),
          );
    if (!handler) throw new NotImplementedError();
    await options.beforeRoute?.();

    const raw = readBody(event);
    const body = route.rawBody ? undefined : parseJson(raw);
    const serve = async ({ identity, check }: Authorised) => {
      const req: ApiRequest = {
        route,
        params,
        query: event.queryStringParameters ?? {},
        body,
        rawBody: route.rawBody ? raw : undefined,
        headers,
        cookies: requestCookies(event.cookies, headers.cookie),
        client: clientAddress(event, headers),
        identity,
        requestId,
      };
      const scope: ResponseScope = {
        cookies: new Map(),
        viewerHost: headers['x-gia-viewer-host'] ?? headers.host,
      };
      // A learner's (or visitor's) read answers the catalogue in the language its query asks.
      const language =
        method === 'GET' && route.access !== 'admin' && identity?.pool !== 'admin'
          ? queryLanguage(req.query)
          : undefined;
      const answer = () => handler(req);
      const run = () =>
        responseScope.run(scope, () =>
          language ? withReadingLanguage(language, answer) : answer(),
        );
      const outcome = await (check ? withPendingSessionCheck(check, run) : run()).then(
        (result) => ({ result }),
        (error: unknown) => ({ error }),
      );
      // A deferred session check decides before anything the handler did is answered: its
      // refusal replaces the handler's answer or error, without the handler's cookies.
      await check?.make();
      if ('error' in outcome) {
        // A cookie set before the refusal still goes out with it (e.g. a refused session cleared).
        if (scope.cookies.size && outcome.error instanceof Object) {
          errorCookies.set(outcome.error, [...scope.cookies.values()]);
        }
        throw outcome.error;
      }
      return { identity, scope, result: outcome.result };
    };
    const { identity, scope, result } =
      route.access === 'public' && authorised.check
        ? // On a public route, a session that no longer stands (or cannot be checked) is none.
          await serve(authorised).catch(async (err: unknown) => {
            const standing = await authorised.check!.make().then(
              () => true,
              () => false,
            );
            if (standing) throw err;
            return serve({});
          })
        : await serve(authorised);
    const cookies = [...scope.cookies.values(), ...(result.cookies ?? [])];
    logger.info('request', {
      requestId,
      route: route.name,
      status: result.status ?? 200,
      caller: identity?.userId,
    });
    const response = json(result.status ?? 200, result.body, result.headers);
    return withCacheHeaders(
      route,
      headers['if-none-match'],
      cookies.length ? { ...response, cookies } : response,
    );
  };

  return middy(core).onError(async (request) => {
    const requestId =
      request.event?.requestContext?.requestId ?? request.context?.awsRequestId ?? 'unknown';
    // An error is never cached, whatever the route (no route: `no-store` too).
    const response = withCacheHeaders(
      undefined,
      undefined,
      errorResponse(request.error, requestId),
    );
    const cookies = request.error instanceof Object ? errorCookies.get(request.error) : undefined;
    request.response = cookies ? { ...response, cookies } : response;
  }) as unknown as LambdaHandler;
}
