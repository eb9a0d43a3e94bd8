import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type React from 'react';
import { vi } from 'vitest';

// The API as a component under test meets it: a stubbed fetch that keeps
// every request, and the query client the admin mounts its tabs under.

/** A request the component sent: its method, address, headers and JSON body. */
export type ApiCall = { method: string; url: string; body?: Record<string, unknown>; headers: Record<string, string> };

/** Stubs fetch with answer and returns the requests it receives, in order. */
export function fakeFetch(answer: (call: ApiCall) => Response | Promise<Response>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call: ApiCall = {
        method: init.method ?? 'GET',
        url,
        headers: (init.headers ?? {}) as Record<string, string>,
        body: init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined,
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

/** ui under a query client of its own that does not retry, as the admin mounts its tabs. */
export function withQueries(ui: React.ReactNode) {
  return <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>;
}

/** Renders ui under a query client of its own (withQueries). */
export function renderWithQueries(ui: React.ReactNode) {
  return render(withQueries(ui));
}
