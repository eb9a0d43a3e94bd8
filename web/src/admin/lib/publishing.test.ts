// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { wordDiff } from './publishing';

describe('wordDiff', () => {
  it('marks the words removed and added, keeping the rest', () => {
    expect(wordDiff('Enterprise AI for every team', 'Enterprise AI for ambitious teams')).toEqual([
      { text: 'Enterprise AI for ', kind: 'same' },
      { text: 'ambitious teams', kind: 'added' },
      { text: 'every team', kind: 'removed' },
    ]);
  });

  it('shows a text new in full', () => {
    expect(wordDiff('', 'A new title')).toEqual([{ text: 'A new title', kind: 'added' }]);
  });
});
