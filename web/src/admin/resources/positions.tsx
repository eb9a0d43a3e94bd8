import type { Position } from '@/lib/api-types';
import { employmentChoices, employmentLabel, placeLabel, positionPath, salaryLabel } from '@/lib/positions';
import { positionSchema, positionStatuses } from '../lib/schemas';
import type { ResourceConfig } from '../resource-config';
import { Badge } from '@/components/ui/badge';

const isRemote = (v: Record<string, string | boolean>) => v.remote === true;

export const positions: ResourceConfig<Position> = {
  resource: 'positions',
  noun: 'Position',
  plural: 'positions',
  title: 'Careers',
  description: 'The open positions of /careers, each with its page at /careers/slug. A closed position leaves the list, and its page says it has closed.',
  dialogDescription: 'A job opening: what it is, where, and what it pays.',
  fields: [
    { name: 'title', label: 'Title', kind: 'text', required: true, placeholder: 'Data Scientist' },
    { name: 'slug', label: 'Slug', kind: 'text', placeholder: 'data-scientist', hint: 'Left empty, it is made from the title.' },
    { name: 'department', label: 'Department', kind: 'text', required: true, placeholder: 'Engineering' },
    { name: 'employmentType', label: 'Employment Type', kind: 'select', options: employmentChoices, initial: 'full-time' },
    { name: 'remote', label: 'Remote', kind: 'switch', initial: false },
    { name: 'location', label: 'Location', kind: 'text', placeholder: 'New York, NY', shows: (v) => !isRemote(v) },
    { name: 'regions', label: 'Regions', kind: 'text', placeholder: 'US', hint: 'Where applicants may live, such as US or US, CA.', shows: isRemote },
    { name: 'salaryMin', label: 'Salary From', kind: 'number', initial: '0' },
    { name: 'salaryMax', label: 'Salary To', kind: 'number', initial: '0', hint: 'Yearly; 0 shows no salary.' },
    { name: 'currency', label: 'Currency', kind: 'text', initial: 'USD' },
    { name: 'summary', label: 'Summary', kind: 'textarea', required: true, wide: true, hint: 'The line the list of positions shows.' },
    { name: 'description', label: 'Description', kind: 'richtext', required: true },
    { name: 'postedOn', label: 'Posted', kind: 'text', required: true, placeholder: 'YYYY-MM-DD' },
    { name: 'closesOn', label: 'Closes', kind: 'text', placeholder: 'YYYY-MM-DD', hint: 'The last day it takes applications; empty for none.' },
    { name: 'status', label: 'Status', kind: 'select', options: positionStatuses, initial: 'open' },
    { name: 'order', label: 'Order', kind: 'number', initial: '0' },
  ],
  schema: positionSchema,
  name: (p) => p.title,
  sort: (a, b) => a.order - b.order || a.id - b.id,
  badges: (p) => <Badge variant={p.status === 'open' ? 'success' : 'muted'}>{p.status === 'open' ? 'Open' : 'Closed'}</Badge>,
  row: (p) => (
    <div className="min-w-0">
      <p className="font-medium text-default">
        <a href={positionPath(p.slug)} target="_blank" rel="noopener noreferrer" className="hover:underline">
          {p.title}
        </a>
      </p>
      <p className="text-sm text-muted">
        {[p.department, employmentLabel(p.employmentType), placeLabel(p), salaryLabel(p)].filter(Boolean).join(' · ')}
      </p>
      <p className="mt-1 text-sm text-body">
        Posted {p.postedOn}
        {p.closesOn ? `, closes ${p.closesOn}` : ''}
      </p>
    </div>
  ),
};
