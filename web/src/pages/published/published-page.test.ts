import { describe, expect, it } from 'vitest';
import { paragraphs } from '@/pages/published/published-page';

describe('paragraphs', () => {
  it('parts paragraphs at blank lines and lines at single line breaks', () => {
    expect(paragraphs('One\ntwo\n\nThree\r\n \r\nFour\rfive')).toEqual([['One', 'two'], ['Three'], ['Four', 'five']]);
  });

  it('drops empty paragraphs and lines and the space around them', () => {
    expect(paragraphs('\n\n  First  \n\n\n\n\t\nSecond\n   \n')).toEqual([['First'], ['Second']]);
    expect(paragraphs('')).toEqual([]);
  });
});
