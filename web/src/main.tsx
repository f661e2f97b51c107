import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { showSessionStatus } from './lib/session.ts';
import { startSession } from './lib/session-sync.ts';
import './styles/index.css';

// Before the first render: the guards wait while a persisted session is restored from its cookie.
void startSession();
showSessionStatus(document.documentElement);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
