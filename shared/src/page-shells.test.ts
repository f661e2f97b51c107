import { describe, expect, it } from 'vitest';
import { PAGE_SHELLS, pageFileFor, SPA_INDEX } from './page-shells.ts';

describe('pageFileFor', () => {
  it('answers each public page with its prerendered file', () => {
    expect(pageFileFor('/')).toBe(PAGE_SHELLS.landing.file);
    expect(pageFileFor('/GetBoard')).toBe(PAGE_SHELLS.boards.file);
    expect(pageFileFor('/Getboard')).toBe(PAGE_SHELLS.boards.file);
    expect(pageFileFor('/GetClasses', '?board=01J')).toBe(PAGE_SHELLS.classes.file);
    expect(pageFileFor('/AllCourse')).toBe(PAGE_SHELLS.courses.file);
    expect(pageFileFor('/Board-Class')).toBe(PAGE_SHELLS.boardClass.file);
    expect(pageFileFor('/GetTopic')).toBe(PAGE_SHELLS.lesson.file);
  });

  it('takes one segment after a prefix, as the router’s /classes/:classId does', () => {
    expect(pageFileFor('/classes/01JABC')).toBe(PAGE_SHELLS.class.file);
    expect(pageFileFor('/classes/01JABC/')).toBe(PAGE_SHELLS.class.file);
    expect(pageFileFor('/subjects/01JXYZ')).toBe(PAGE_SHELLS.subject.file);
    expect(pageFileFor('/classes/')).toBe(SPA_INDEX);
    expect(pageFileFor('/classes/01J/subjects')).toBe(SPA_INDEX);
  });

  it('prerenders a board’s classes only for a link with its board (else the page says to choose one)', () => {
    expect(pageFileFor('/GetClasses')).toBe(SPA_INDEX);
    expect(pageFileFor('/GetClasses', '?board=')).toBe(SPA_INDEX);
    expect(pageFileFor('/GetClasses', '?class=01J')).toBe(SPA_INDEX);
  });

  it('leaves every other client route to index.html, case included', () => {
    for (const path of ['/signin', '/AdminLoginNew', '/getboard', '/MyCourse', '/GetTopicX']) {
      expect(pageFileFor(path), path).toBe(SPA_INDEX);
    }
  });

  it('renders each page at a URL that it answers itself', () => {
    for (const shell of Object.values(PAGE_SHELLS)) {
      const { pathname, search } = new URL(shell.renderAt, 'http://x');
      expect(pageFileFor(pathname, search)).toBe(shell.file);
    }
  });
});
