import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { keepTogether } from './keep-together';

function kept(text: string): string[] {
  const { container } = render(<p>{keepTogether(text)}</p>);
  expect(container.textContent).toBe(text);
  return [...container.querySelectorAll('span.whitespace-nowrap')].map((s) => s.textContent ?? '');
}

describe('keepTogether', () => {
  it('keeps a figure on one line with its unit', () => {
    expect(kept('Book a free 30-minute consultation.')).toEqual(['30-minute']);
    expect(kept('A proposal within 24 hours of our call.')).toEqual(['24 hours']);
    expect(kept('Platforms serving 100 million users and 4 million customers.')).toEqual(['100 million', '4 million']);
    expect(kept('Twenty years leading programmes for Fortune 500 clients.')).toEqual(['Fortune 500']);
  });

  it('leaves other text as it is', () => {
    expect(keepTogether('Transform Your Business with Enterprise AI')).toBe('Transform Your Business with Enterprise AI');
    expect(kept('500+')).toEqual([]);
    expect(kept('Our 2027 Outlook')).toEqual([]);
  });
});
