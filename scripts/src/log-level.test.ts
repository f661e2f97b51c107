import { describe, expect, it } from 'vitest';
import { localLogLevel } from './log-level.ts';

describe('the local stack log level', () => {
  it('is WARN unless LOG_LEVEL asks for another', () => {
    expect(localLogLevel({})).toBe('WARN');
    expect(localLogLevel({ LOG_LEVEL: ' ' })).toBe('WARN');
    expect(localLogLevel({ LOG_LEVEL: 'INFO' })).toBe('INFO');
  });
});
