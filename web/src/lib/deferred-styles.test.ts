import { afterEach, describe, expect, it } from 'vitest';
import { applyDeferredStyles } from './deferred-styles.ts';

const deferred = () => {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = '/assets/index-abc.css';
  link.media = 'print';
  link.setAttribute('data-beasties-media', 'all');
  document.head.appendChild(link);
  return link;
};

afterEach(() => document.head.querySelectorAll('link').forEach((l) => l.remove()));

describe('applyDeferredStyles', () => {
  it('applies a prerendered page’s full stylesheet once it has loaded, not before', () => {
    const link = deferred();

    applyDeferredStyles();
    expect(link.media).toBe('print');
    link.dispatchEvent(new Event('load'));

    expect(link.media).toBe('all');
    expect(link.hasAttribute('data-beasties-media')).toBe(false);
  });

  it('leaves the stylesheets of a page that deferred none alone', () => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.media = 'print';
    document.head.appendChild(link);

    applyDeferredStyles();
    link.dispatchEvent(new Event('load'));

    expect(link.media).toBe('print');
  });
});
