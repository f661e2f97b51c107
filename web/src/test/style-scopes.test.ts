import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every stylesheet lands in one cascade, so a file is not a scope: a rule written for the admin's
 * coupon list restyled the cart's coupon row. The convention that stands in for scopes (tokens.css
 * states it): each block belongs to one file. A selector's block is its first class, the thing it
 * styles or the thing it styles inside (`.coupon-row .btn` belongs to `.coupon-row`); a selector
 * without a class (`body`, `h1`) is its own block. A file may name another file's block only after
 * one of its own.
 */

/** Where the SPA's stylesheets live (vitest runs from the repository root). */
const SRC = join(process.cwd(), 'web/src');

/** One selector of a rule: the file, the at-rules around it (`@media (…)`) and its text. */
interface Selector {
  file: string;
  context: string;
  text: string;
}

/** The CSS files under a folder, as paths relative to web/src. */
function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') ? [relative(SRC, path)] : [];
  });
}

/** Splits a selector list at its top-level commas (not those inside `:not(a, b)`). */
function splitList(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of list) {
    if (ch === '(') depth += 1;
    if (ch === ')') depth -= 1;
    if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts.map((s) => s.trim().replace(/\s+/g, ' ')).filter(Boolean);
}

/** Every selector of a stylesheet, with its at-rule context; keyframe steps are not selectors. */
export function selectorsOf(file: string, css: string): Selector[] {
  const out: Selector[] = [];
  const open: string[] = [];
  let head = '';
  for (const ch of css.replace(/\/\*[\s\S]*?\*\//g, '')) {
    if (ch === '{') {
      const prelude = head.trim().replace(/\s+/g, ' ');
      const inKeyframes = open.some((p) => p.startsWith('@keyframes'));
      if (!prelude.startsWith('@') && !inKeyframes) {
        for (const text of splitList(prelude)) out.push({ file, context: open.join(' '), text });
      }
      open.push(prelude);
      head = '';
    } else if (ch === '}') {
      open.pop();
      head = '';
    } else if (ch === ';') head = '';
    else head += ch;
  }
  return out;
}

/** The block a selector belongs to: its first class, or the whole selector when it has none. */
export function blockOf(selector: string): string {
  return selector.match(/\.-?[_a-zA-Z][\w-]*/)?.[0] ?? selector;
}

/** Blocks that more than one file defines, each with those files. */
export function sharedBlocks(selectors: Selector[]): Record<string, string[]> {
  const files = new Map<string, Set<string>>();
  for (const s of selectors) {
    const block = blockOf(s.text);
    files.set(block, (files.get(block) ?? new Set()).add(s.file));
  }
  return Object.fromEntries(
    [...files].filter(([, f]) => f.size > 1).map(([block, f]) => [block, [...f].sort()]),
  );
}

/** Selectors written twice in one file under the same at-rules, as `file: selector`. */
export function repeatedSelectors(selectors: Selector[]): string[] {
  const seen = new Set<string>();
  const repeats = new Set<string>();
  for (const s of selectors) {
    const key = `${s.file}: ${s.context ? `${s.context} ` : ''}${s.text}`;
    if (seen.has(key)) repeats.add(key);
    seen.add(key);
  }
  return [...repeats].sort();
}

const sheets = cssFiles(SRC).flatMap((file) =>
  selectorsOf(file, readFileSync(join(SRC, file), 'utf8')),
);

describe('the stylesheets’ scopes', () => {
  it('finds the SPA’s stylesheets', () => {
    expect(new Set(sheets.map((s) => s.file))).toContain('styles/tokens.css');
    expect(sheets.length).toBeGreaterThan(500);
  });

  it('gives every block one file, so no file restyles another feature’s elements', () => {
    expect(sharedBlocks(sheets)).toEqual({});
  });

  it('defines each selector once per file and at-rule', () => {
    expect(repeatedSelectors(sheets)).toEqual([]);
  });

  it('catches a block styled by two files, even inside a media query or a list', () => {
    // Given the cart's coupon row, and an admin rule for a row of the same name
    const given = [
      ...selectorsOf('commerce.css', '.coupon-row { display: flex } .coupon-row .btn { x: 1 }'),
      ...selectorsOf('admin.css', '@media (min-width: 1px) { .coupon-list, .coupon-row { y: 2 } }'),
    ];
    // Then the row is reported with both files, and a block's context (.btn) is not
    expect(sharedBlocks(given)).toEqual({ '.coupon-row': ['admin.css', 'commerce.css'] });
  });

  it('catches a selector repeated in one file but not the same selector in another media query', () => {
    const given = selectorsOf(
      'forms.css',
      '.row input, .field input { a: 1 } .row input { b: 2 } @media (x) { .row input { c: 3 } }',
    );
    expect(repeatedSelectors(given)).toEqual(['forms.css: .row input']);
  });
});
