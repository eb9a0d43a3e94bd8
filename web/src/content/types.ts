import type { LucideIcon } from 'lucide-react';
import type { FactKey } from './facts';

// Items of repeating groups carry a stable id: their texts are saved under
// it (see features/editable-text/content-scope.tsx), so it never changes
// once published, whatever the copy or the order.

/** A card of an icon, a title and a sentence or two. */
export type Feature = { id: string; icon: LucideIcon; title: string; description: string };

/** A title and a sentence, without an icon: a benefit, a point of a numbered list. */
export type Point = { id: string; title: string; description: string };

/** An application or use case, with the impact it measured. */
export type Application = { id: string; title: string; description: string; impact: string };

/**
 * A big figure and its label. A figure about the company names its fact
 * (content/facts.ts), whose value it shows; any other figure (24/7, 30 min)
 * holds its own number.
 */
export type Statistic = { id: string; label: string } & ({ fact: FactKey; number?: never } | { number: string; fact?: never });

/** The opening band of an inner page: a label, the page's one heading and its lead. */
export type HeroContent = {
  eyebrow: string;
  title: string;
  lead: string;
};

/** A question buyers ask, and its answer: an item of an FAQ (FAQPage structured data too). */
export type FaqItem = { id: string; question: string; answer: string };
