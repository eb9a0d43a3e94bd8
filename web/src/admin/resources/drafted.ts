import type { FieldSpec } from '../lib/fields';
import { caseStudies } from './case-studies';
import { footerLinks } from './footer-links';
import { menuItems } from './menu-items';
import { pages } from './pages';
import { testimonials } from './testimonials';

/**
 * The noun and the fields, with their labels, of each resource whose
 * updates wait as drafts (admin-contracts' draftedResources): how the
 * Publish panel names a record's draft and what it changes.
 */
export const draftedConfigs: Record<string, { noun: string; fields: FieldSpec[] }> = {
  'case-studies': caseStudies,
  'footer-links': footerLinks,
  'menu-items': menuItems,
  pages,
  testimonials,
};
