// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ContentDraft, ContentItem } from '@/lib/api-types';
import { templateItems } from './draft-checks';

const draft = (id: number, section: string, key: string, value: string) => ({ id, section, key, value }) as ContentDraft;
const saved = (section: string, key: string, value: string) => ({ section, key, value }) as ContentItem;

describe('templateItems', () => {
  it('finds the added items still showing their template, in nested groups too, and no built-in or removed one', () => {
    const legal = 'privacy-policy.sections';
    const found = templateItems(
      [
        // A built-in paragraph rewritten, and one added to a built-in section with its text left empty.
        draft(1, legal, 'items.information-we-collect.paragraphs.technical-data.text', 'We log less.'),
        draft(2, legal, 'items.information-we-collect.paragraphs', JSON.stringify(['consultation-requests', 'technical-data', 'new-p1'])),
        draft(3, legal, 'items.information-we-collect.paragraphs.new-p1.text', ''),
        // A card removed from the order: its text no longer shows anywhere.
        draft(4, 'vision', 'cards.new-gone.title', 'Gone'),
        // A solution's title is the template's, written back as it was.
        draft(5, 'solutions', 'ai_solutions.new-s.title', 'New solution'),
      ],
      [
        saved('solutions', 'ai_solutions', JSON.stringify(['new-s', 'machine-learning'])),
        saved('solutions', 'ai_solutions.new-s.description', 'Forecasts of demand.'),
      ],
    );
    expect([...found.keys()]).toEqual([2, 3, 5]);
    expect(found.get(2)).toEqual([expect.objectContaining({ group: 'items.information-we-collect.paragraphs', id: 'new-p1', noun: 'paragraph', fields: ['text'] })]);
    expect(found.get(5)).toEqual([expect.objectContaining({ id: 'new-s', label: 'New solution', fields: ['title'] })]);
  });
});
