import type { LucideIcon } from 'lucide-react';

// Items of repeating groups carry a stable id: their texts are saved under
// it (see features/editable-text/content-scope.tsx), so it never changes
// once published, whatever the copy or the order.

/** A card of an icon, a title and a sentence or two. */
export type Feature = { id: string; icon: LucideIcon; title: string; description: string };

/** An application or use case, with the impact it measured. */
export type Application = { id: string; title: string; description: string; impact: string };

/** A big figure and its label. */
export type Statistic = { id: string; number: string; label: string };

/** The opening band of an inner page: a label, the page's one heading and its lead. */
export type HeroContent = {
  eyebrow: string;
  title: string;
  lead: string;
};
