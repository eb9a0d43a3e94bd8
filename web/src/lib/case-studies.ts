// The case studies as the pages show them (site.CaseStudy): their address,
// their lists (results and the team one a line, technologies separated by
// commas), a result's figure, and the studies related to one.
import type { CaseStudyCard } from './api-types';

/** The list of case studies. */
export const caseStudiesPath = '/case-studies';

/** The address of the study with slug. */
export function caseStudyPath(slug: string): string {
  return `${caseStudiesPath}/${slug}`;
}

/** The non-empty lines of a text of one item a line. */
export function lines(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}

/** The items of a list separated by commas. */
export function items(text: string): string[] {
  return text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

// A figure that leads a result: an amount, a percentage, a multiple
// ("$3.2M", "45%", "99.2%", "2 hours", "5 days", "3x").
const leadingFigure = /^([$€£]?\d[\d.,]*(?:\s?(?:%|[MKBk]\b|x\b|(?:hours?|days?|weeks?|months?|years?)\b))?)\s+(.+)$/;

/** A result split into its leading figure and the rest; figure is empty when the result starts with none. */
export function splitFigure(result: string): { figure: string; label: string } {
  const m = leadingFigure.exec(result);
  return m ? { figure: m[1], label: m[2] } : { figure: '', label: result };
}

/** A line of the team, "Role: what it did", split at its first colon; task is empty when it has none. */
export function splitRole(line: string): { role: string; task: string } {
  const at = line.indexOf(':');
  return at > 0 ? { role: line.slice(0, at).trim(), task: line.slice(at + 1).trim() } : { role: line, task: '' };
}

/**
 * The studies to read after the one with slug: those of its industry
 * first, then those sharing most technologies, then the rest in order;
 * at most count.
 */
export function relatedStudies(all: readonly CaseStudyCard[], slug: string, count = 3): CaseStudyCard[] {
  const self = all.find((s) => s.slug === slug);
  if (!self) return all.slice(0, count);
  const techs = new Set(items(self.technologies).map((t) => t.toLowerCase()));
  const score = (s: CaseStudyCard) =>
    (s.industry === self.industry ? 10 : 0) + items(s.technologies).filter((t) => techs.has(t.toLowerCase())).length;
  return all
    .map((s, i) => ({ s, i, score: score(s) }))
    .filter(({ s }) => s.slug !== slug)
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, count)
    .map(({ s }) => s);
}

/** The studies the home page shows: the featured ones, else the first two. */
export function featuredStudies(all: readonly CaseStudyCard[]): CaseStudyCard[] {
  const featured = all.filter((s) => s.featured);
  return (featured.length > 0 ? featured : all).slice(0, featured.length > 0 ? 3 : 2);
}
