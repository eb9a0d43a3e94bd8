import type { CaseStudy } from '@/lib/api-types';
import { caseStudyPath, lines } from '@/lib/case-studies';
import { caseStudySchema } from '../lib/schemas';
import { truncate } from '../lib/text';
import type { ResourceConfig } from '../resource-config';
import { ActiveBadge, Badge } from '@/components/ui/badge';

export const caseStudies: ResourceConfig<CaseStudy> = {
  resource: 'case-studies',
  noun: 'Case study',
  plural: 'case studies',
  title: 'Case studies',
  description:
    'The studies of /case-studies, each with its page at /case-studies/slug, and as cards on the home page (the featured ones) and the service pages. An inactive study leaves the lists, and its page says it was withdrawn.',
  dialogDescription: 'A client engagement: the problem, what was built, and the results with their figures.',
  fields: [
    { name: 'title', label: 'Title', kind: 'text', required: true, placeholder: 'Predictive maintenance across 14 plants' },
    { name: 'slug', label: 'Slug', kind: 'text', placeholder: 'predictive-maintenance', hint: 'Left empty, it is made from the title.' },
    { name: 'client', label: 'Client', kind: 'text', required: true, placeholder: 'A global parts maker', hint: 'The client’s name, or a description where it stays anonymous.' },
    { name: 'industry', label: 'Industry', kind: 'text', required: true, placeholder: 'Manufacturing' },
    { name: 'summary', label: 'Summary', kind: 'textarea', required: true, wide: true, hint: 'The sentence the card shows (300 characters at most).' },
    { name: 'challenge', label: 'Challenge', kind: 'textarea', required: true, wide: true },
    { name: 'approach', label: 'Approach', kind: 'textarea', required: true, wide: true, hint: 'What was built, and how.' },
    { name: 'results', label: 'Results', kind: 'textarea', required: true, wide: true, hint: 'One a line, each led by its figure: 45% less unplanned downtime. At most 6.' },
    { name: 'roi', label: 'ROI', kind: 'text', placeholder: '550%' },
    { name: 'timeline', label: 'Timeline', kind: 'text', placeholder: '6 months' },
    { name: 'technologies', label: 'Technologies', kind: 'text', wide: true, placeholder: 'PyTorch, Azure IoT, Databricks', hint: 'Separated by commas: at most 12.' },
    { name: 'team', label: 'Team', kind: 'textarea', wide: true, hint: 'One role a line, "Role: what it did". At most 8.' },
    { name: 'quote', label: 'Quote', kind: 'textarea', wide: true, hint: 'The client’s words, without quotation marks.' },
    { name: 'quoteAuthor', label: 'Quote By', kind: 'text', placeholder: 'Head of Plant Operations' },
    { name: 'quoteRole', label: 'Quote Role', kind: 'text', placeholder: 'Global parts maker' },
    { name: 'image', label: 'Picture', kind: 'image', hint: 'On the card and at the top of the study’s page.' },
    { name: 'picture', label: 'Second Picture', kind: 'image', hint: 'Beside the approach on the study’s page.' },
    { name: 'featured', label: 'Featured on the home page', kind: 'switch', initial: false },
    { name: 'isActive', label: 'Active', kind: 'switch', initial: true },
    { name: 'order', label: 'Order', kind: 'number', initial: '0' },
  ],
  schema: caseStudySchema,
  name: (s) => s.title,
  sort: (a, b) => a.order - b.order || a.id - b.id,
  badges: (s) => (
    <>
      {s.featured && <Badge variant="info">Featured</Badge>}
      <ActiveBadge active={s.isActive} />
    </>
  ),
  row: (s) => (
    <div className="min-w-0">
      <p className="font-medium text-default">
        <a href={caseStudyPath(s.slug)} target="_blank" rel="noopener noreferrer" className="hover:underline">
          {s.title}
        </a>
      </p>
      <p className="text-sm text-muted">{[s.industry, s.client, s.roi && `ROI ${s.roi}`, s.timeline].filter(Boolean).join(' · ')}</p>
      <p className="mt-1 text-sm text-body">{truncate(lines(s.results).join(' · '))}</p>
    </div>
  ),
};
