import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { useSession } from '../lib/session.ts';
import { stopSession } from '../lib/session-sync.ts';
import { resetOutboxForTests } from '../lib/outbox.ts';
import { resetPacksForTests } from '../lib/practice-offline.ts';

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
