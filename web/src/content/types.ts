import type { LucideIcon } from 'lucide-react';

/** A card of an icon, a title and a sentence or two. */
export type Feature = { icon: LucideIcon; title: string; description: string };

/** An application or use case, with the impact it measured. */
export type Application = { title: string; description: string; impact: string };

/** The opening band of an inner page: a label, the page's one heading and its lead. */
export type HeroContent = {
  eyebrow: string;
  title: string;
  lead: string;
};
