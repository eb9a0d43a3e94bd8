import { useState } from 'react';

// The pages of a long list that the server hands out a page at a time.

/** "Showing 1–25 of 80": the rows of one page among all that match. */
export function showingText(page: number, pageSize: number, shown: number, total: number): string {
  if (total === 0 || shown === 0) return `Showing 0 of ${total}`;
  const first = (page - 1) * pageSize + 1;
  return `Showing ${first}–${first + shown - 1} of ${total}`;
}

/** The page of a paged list shown, and refine: a filter's setter that also goes back to the first page. */
export function usePage() {
  const [page, setPage] = useState(1);
  const refine =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };
  return { page, setPage, refine };
}
