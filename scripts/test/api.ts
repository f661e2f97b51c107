import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: {
      url: string;
      dataDir: string;
      admin: { email: string; password: string };
      endpoints: { dynamodb: string; s3: string; cognito: string };
      tableName: string;
      /** The functions' environment, for tests that call services in-process. */
      env: Record<string, string>;
    };
  }
}

/** A small JSON client for the local stack under test. */
export function api() {
  const { url } = inject('stack');
  return async (
    method: string,
    path: string,
    options: { body?: unknown; token?: string; rawBody?: string } = {},
  ) => {
    const headers: Record<string, string> = {};
    if (options.body !== undefined || options.rawBody !== undefined) {
      headers['content-type'] = 'application/json';
    }
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const res = await fetch(`${url}${path}`, {
      method,
      headers,
      body:
        options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    const text = await res.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const body: any = text ? JSON.parse(text) : undefined;
    return { status: res.status, body, headers: res.headers };
  };
}

/** A unique e-mail per test, so tests never depend on each other's data. */
export const uniqueEmail = (label: string) =>
  `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.in`;
