import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfirmDialog } from '../components/confirm.tsx';
import { Toasts } from '../components/toast.tsx';
import { AppRouter } from './router.tsx';

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppRouter />
      <Toasts />
      <ConfirmDialog />
    </QueryClientProvider>
  );
}
