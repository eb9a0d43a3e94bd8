import type { ReactNode } from 'react';

// A figure and its unit read as one: "24 hours", "30-minute", "100 million",
// "Fortune 500" must not break across two lines, whatever width the text
// is set at. Such pairs are wrapped in a span that does not wrap; the
// characters stay as they were typed, so copying the text gives it back.
const together = /\bFortune \d+\b|\d[\d,.]*[+%]?[ -][a-z]+/g;

/** text, with each figure and its unit kept on one line. */
export function keepTogether(text: string): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(together)) {
    if (m.index > last) parts.push(text.slice(last, m.index));
    parts.push(
      <span key={m.index} className="whitespace-nowrap">
        {m[0]}
      </span>,
    );
    last = m.index + m[0].length;
  }
  if (parts.length === 0) return text;
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
