import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import { useSession } from '../lib/session.ts';
import { stopSession } from '../lib/session-sync.ts';
import { resetOutboxForTests } from '../lib/outbox.ts';
import { resetPacksForTests } from '../lib/practice-offline.ts';
import { needMessages } from '../lib/i18n.ts';
import { CATALOGUE_PART_NAMES } from '../locales/parts.ts';

// A test renders a screen on its own, without the route that loads its catalogue parts: every
// part is needed (so loaded in English now, and in a language a test chooses).
beforeAll(() => needMessages(...CATALOGUE_PART_NAMES));

afterEach(() => {
  cleanup();
  // No session, timer or channel outlives its test.
  stopSession();
  useSession.getState().signOut();
  sessionStorage.clear();
  localStorage.clear();
});

// Each test starts with an empty IndexedDB: no outbox entry or practice pack outlives its test.
afterEach(() => {
  resetOutboxForTests();
  resetPacksForTests();
  globalThis.indexedDB = new IDBFactory();
});
