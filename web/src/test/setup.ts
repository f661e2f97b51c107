import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { useSession } from '../lib/session.ts';
import { stopSession } from '../lib/session-sync.ts';

afterEach(() => {
  cleanup();
  // No session, timer or channel outlives its test.
  stopSession();
  useSession.getState().signOut();
  sessionStorage.clear();
  localStorage.clear();
});
