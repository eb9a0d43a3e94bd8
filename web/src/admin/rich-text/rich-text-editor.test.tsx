import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichTextEditor } from './rich-text-editor';

const doc = JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hello.' }] }] });

function field(invalid: boolean) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <RichTextEditor id="body" label="Body" value={doc} onChange={() => {}} invalid={invalid} describedBy={invalid ? 'body-error' : undefined} />
    </QueryClientProvider>
  );
}

describe('RichTextEditor', () => {
  it('says on its textbox when the field is invalid and which message describes it, as the error comes and goes', async () => {
    const { rerender } = render(field(false));
    const box = await screen.findByRole('textbox', { name: 'Body' });
    await waitFor(() => expect(box.textContent).toBe('Hello.'));
    expect(box.getAttribute('aria-invalid')).toBeNull();
    rerender(field(true));
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toBe('body-error');
    rerender(field(false));
    expect(box.getAttribute('aria-invalid')).toBeNull();
    expect(box.getAttribute('aria-describedby')).toBeNull();
  });
});
