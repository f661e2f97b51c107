import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../components/confirm.tsx';
import { Toasts } from '../components/toast.tsx';
import { DownloadsKeeper } from '../features/downloads/downloads-keeper.tsx';
import { LanguageKeeper } from './language-keeper.tsx';
import { AppRouter } from './router.tsx';

/** The app's query cache: one per page load (a prerender makes its own, see prerender.tsx). */
export const newQueryClient = () =>
  new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
  });

const queryClient = newQueryClient();

/** Everything around the routes: the query cache, toasts and the confirmation dialog. */
export function AppFrame({
  client = queryClient,
  children,
}: {
  client?: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toasts />
      <ConfirmDialog />
    </QueryClientProvider>
  );
}

/**
 * What a pack saved for offline keeps per topic besides its files: the topic's practice pack
 * (issue 32, item 5), loaded with its code only when a pack is saved or removed.
 */
const PACK_EXTRAS = [
  {
    save: (topicId: string) =>
      import('../lib/practice-offline.ts').then((p) => p.savePracticePack(topicId)),
    remove: (topicId: string) =>
      import('../lib/practice-offline.ts').then((p) => p.removePracticePack(topicId)),
    // A lesson quiz of up to 10 questions with their answers and explanations: a few KB.
    estimate: 4 * 1024,
  },
];

export function App() {
  return (
    <AppFrame>
      <AppRouter />
      {/* The packs saved for offline follow the session and its entitlement (issue 32). */}
      <DownloadsKeeper topicExtras={PACK_EXTRAS} />
      <LanguageKeeper />
    </AppFrame>
  );
}
