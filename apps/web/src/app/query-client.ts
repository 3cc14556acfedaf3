import { QueryClient } from '@tanstack/react-query';

/** Failed calls are already reported by the request layer, so queries do not retry them. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});
