import { describe, expect, it } from 'vitest';
import { AFTER_SIGN_IN, redirectQuery, safeRedirect, signInPath } from './redirect.ts';

describe('where signing in returns to', () => {
  it.each([
    ['/subjects/s1', '/subjects/s1'],
    ['/GetTopic?chapter=c1&topic=t2', '/GetTopic?chapter=c1&topic=t2'],
    ['/', '/'],
  ])('follows a path of this site: %s', (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });

  it.each([
    ['another origin', 'https://evil.example/'],
    ['a protocol-relative URL', '//evil.example/x'],
    ['a backslash the browser reads as a slash', '/\\evil.example'],
    ['a tab the URL parser drops', '/\t/evil.example'],
    ['a script', 'javascript:alert(1)'],
    ['a relative path', 'GetBoard'],
    ['nothing', null],
    ['an empty value', ''],
  ])('refuses %s and goes to the boards', (_what, value) => {
    expect(safeRedirect(value)).toBe(AFTER_SIGN_IN);
  });

  it('carries a safe path on the links between the sign-in screens, and drops an unsafe one', () => {
    expect(redirectQuery('/CartScreen')).toBe('?redirect=%2FCartScreen');
    expect(redirectQuery('//evil.example')).toBe('');
    expect(signInPath('/subjects/s1?x=1')).toBe('/signin?redirect=%2Fsubjects%2Fs1%3Fx%3D1');
    expect(signInPath()).toBe('/signin');
  });
});
