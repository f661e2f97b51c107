/**
 * `npm run docs:api`: writes `docs/api.md`, the API reference, from its hand-written prose
 * (`docs/api.src.md`) and from what the code declares once: the route table (`ROUTES`), the
 * zod/mini input schemas and the message tables of `@gia/shared`. A unit test fails when the
 * file differs from what this writes, so the reference cannot drift from the code.
 *
 * The prose places generated parts with markers on a line of their own:
 * - `<!-- routes: group … -->` the routes of those route groups (method, path, access, name);
 *   every route must be placed exactly once;
 * - `<!-- fields: SchemaName -->` the fields of a shared input schema (type, required, limits);
 * - `<!-- messages: TABLE_NAME -->` the texts of a shared message table.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';
import * as z from 'zod/mini';
import * as shared from '@gia/shared';
import { ROUTES, ROUTE_GROUPS, type Access, type RouteDef } from '@gia/shared';
import { findMessageCode } from '@gia/shared/message-catalogues.ts';

export const API_DOC_SOURCE = fileURLToPath(new URL('../../docs/api.src.md', import.meta.url));
export const API_DOC = fileURLToPath(new URL('../../docs/api.md', import.meta.url));

const ACCESS: Record<Access, string> = {
  public: 'public',
  learner: 'learner',
  admin: 'admin',
  'learner-or-admin': 'learner or admin',
};

/** `METHOD path` as the reference writes a route. */
export const routeLine = (r: Pick<RouteDef, 'method' | 'path'>) => `${r.method} ${r.path}`;

const cell = (text: string) => text.replace(/\|/g, '\\|');

function routesTable(groups: string[], placed: Set<string>): string {
  for (const g of groups) {
    if (!(ROUTE_GROUPS as readonly string[]).includes(g)) throw new Error(`no route group ${g}`);
  }
  const rows = ROUTES.filter((r) => groups.includes(r.group)).map((r) => {
    if (placed.has(r.name)) throw new Error(`route ${r.name} is placed twice`);
    placed.add(r.name);
    const notes = [
      r.localOnly ? 'local stack only' : '',
      r.rawBody ? 'raw body' : '',
      r.cache === 'public' ? 'cached at the edge' : '',
    ]
      .filter(Boolean)
      .join(', ');
    return `| \`${routeLine(r)}\` | ${ACCESS[r.access]} | \`${r.name}\` | ${notes} |`;
  });
  return ['| route | access | name | notes |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

const ID_PATTERN = shared.ID_PATTERN.source;

function limits(s: JsonSchema): string {
  const out: string[] = [];
  if (s.pattern === ID_PATTERN) out.push(`an id: at most ${s.maxLength} of \`[0-9A-Za-z_-]\``);
  else {
    if (s.minLength !== undefined && s.maxLength !== undefined) {
      out.push(`${s.minLength}–${s.maxLength} characters`);
    } else if (s.maxLength !== undefined) out.push(`at most ${s.maxLength} characters`);
    else if (s.minLength !== undefined) out.push(`at least ${s.minLength} characters`);
    if (s.format) out.push(s.format);
    if (s.pattern && !s.format) out.push(`matches \`${s.pattern}\``);
  }
  if (s.minimum !== undefined && s.maximum !== undefined && s.maximum < Number.MAX_SAFE_INTEGER) {
    out.push(`${s.minimum} to ${s.maximum}`);
  } else if (s.minimum !== undefined) out.push(`at least ${s.minimum}`);
  if (s.enum) out.push(`one of ${s.enum.map((v) => `\`${String(v)}\``).join(', ')}`);
  for (const part of s.allOf ?? []) {
    if (part.pattern) out.push(`matches \`${part.pattern}\``);
  }
  if (s.default !== undefined) out.push(`default \`${JSON.stringify(s.default)}\``);
  return out.join('; ');
}

const typeOf = (s: JsonSchema): string =>
  s.anyOf ? s.anyOf.map(typeOf).join(' or ') : s.enum ? 'string' : (s.type ?? 'any');

function fieldsTable(name: string): string {
  const schema = (shared as Record<string, unknown>)[name];
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) {
    throw new Error(`@gia/shared has no schema ${name}`);
  }
  // `output`: what a valid request holds once parsed (a price given as "150.50" is a number).
  const json = z.toJSONSchema(schema as z.ZodMiniType, {
    io: 'output',
    unrepresentable: 'any',
  }) as JsonSchema;
  const required = new Set(json.required ?? []);
  const rows = Object.entries(json.properties ?? {}).map(
    ([field, s]) =>
      `| \`${field}\` | ${typeOf(s)} | ${required.has(field) && s.default === undefined ? 'yes' : ''} | ${cell(limits(s))} |`,
  );
  return ['| field | type | required | limits |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

/**
 * The texts of a message table with the `message_code` an error answer carries for each
 * (shared/src/message-codes.ts; none for a text no catalogue holds, e.g. a success's); a text made
 * from values shows them as `{name}`.
 */
function messagesTable(name: string): string {
  const table = (shared as Record<string, unknown>)[name];
  if (!table || typeof table !== 'object') throw new Error(`@gia/shared has no table ${name}`);
  const rows: string[] = [];
  const row = (key: string, text: string, code: string | undefined) =>
    rows.push(`| \`${key}\` | ${cell(text)} | ${code ? `\`${code}\`` : ''} |`);
  const walk = (prefix: string, value: unknown) => {
    if (typeof value === 'string') row(prefix, value, findMessageCode(value)?.message_code);
    else if (typeof value === 'function') {
      const write = value as ((...args: string[]) => string) & { params?: readonly string[] };
      const params = write.params ?? [/^\(?\s*(\w+)/.exec(String(value))?.[1] ?? 'value'];
      const filled = write(...params.map((_, i) => String((i + 1) * 10)));
      row(prefix, write(...params.map((p) => `{${p}}`)), findMessageCode(filled)?.message_code);
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(prefix ? `${prefix}.${k}` : k, v);
    }
  };
  walk('', table);
  return ['| key | text | message_code |', '| --- | --- | --- |', ...rows].join('\n');
}

/**
 * `docs/api.md` for the given prose, formatted as Prettier keeps the repository. Throws when a
 * route is left out or placed twice, or a marker names nothing.
 */
export async function renderApiDoc(source: string): Promise<string> {
  const placed = new Set<string>();
  const body = source.replace(
    /^<!-- (routes|fields|messages): ([^>]+?) -->$/gm,
    (_, kind: string, args: string) => {
      if (kind === 'routes') return routesTable(args.split(/\s+/), placed);
      if (kind === 'fields') return fieldsTable(args.trim());
      return messagesTable(args.trim());
    },
  );
  const missing = ROUTES.filter((r) => !placed.has(r.name)).map((r) => r.name);
  if (missing.length)
    throw new Error(`routes not placed in docs/api.src.md: ${missing.join(', ')}`);
  const doc = [
    '<!-- Generated by `npm run docs:api` from docs/api.src.md, shared/src/routes.ts and the',
    'schemas and messages of @gia/shared. Edit those, then run it again; do not edit this file. -->',
    '',
    body,
  ].join('\n');
  return format(doc, { ...(await resolveConfig(API_DOC)), filepath: API_DOC });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(API_DOC, await renderApiDoc(readFileSync(API_DOC_SOURCE, 'utf8')));
  console.log(`Wrote ${API_DOC}`);
}
