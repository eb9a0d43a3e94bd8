import { avatarStyles, testimonialSamples } from '@/content/home';
import type { Testimonial } from '@/lib/api-types';
import { cn } from '@/lib/cn';
import { avatarColours, testimonialSchema } from '../lib/schemas';
import { truncate } from '../lib/text';
import type { ResourceConfig } from '../resource-config';
import { ActiveBadge, Badge } from '@/components/ui/badge';

export const testimonials: ResourceConfig<Testimonial> = {
  resource: 'testimonials',
  noun: 'Testimonial',
  plural: 'testimonials',
  title: 'Testimonials',
  description: 'Client quotes on the home page. Only active ones are shown.',
  dialogDescription: "A client's words, with their name and role.",
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, placeholder: 'Jane Doe' },
    { name: 'title', label: 'Title', kind: 'text', required: true, placeholder: 'CTO, Acme Corp' },
    { name: 'content', label: 'Content', kind: 'textarea', required: true, placeholder: 'What the client said' },
    { name: 'initials', label: 'Initials', kind: 'text', required: true, placeholder: 'JD', hint: 'At most 3 characters.' },
    { name: 'avatarBg', label: 'Avatar Colour', kind: 'select', options: avatarColours, initial: 'bg-blue-600' },
    { name: 'photo', label: 'Photo', kind: 'image', hint: 'Shown instead of the initials.' },
    { name: 'order', label: 'Order', kind: 'number', initial: '0' },
    { name: 'isActive', label: 'Active', kind: 'switch', initial: true },
  ],
  schema: testimonialSchema,
  name: (t) => t.name,
  sort: (a, b) => a.order - b.order,
  badges: (t) => <ActiveBadge active={t.isActive} />,
  // The home page shows its samples while no testimonial is active.
  builtIn: {
    records: testimonialSamples.map((t) => ({ ...t, photo: '', isActive: true, createdAt: '', updatedAt: '', version: 0 })),
    shown: (items) => !items.some((t) => t.isActive),
    heading: 'On the home page now: the built-in samples, until a testimonial of yours is active.',
    mark: 'Built-in sample, shown while you have none',
    copyLabel: 'Copy samples to the list',
  },
  row: (t) => (
    <div className="flex items-start gap-3">
      <span
        aria-hidden="true"
        className={cn('flex size-10 shrink-0 items-center justify-center rounded-full text-sm font-semibold', avatarStyles[t.avatarBg] ?? avatarStyles['bg-blue-600'])}
      >
        {t.initials}
      </span>
      <div className="min-w-0">
        <p className="font-medium text-default">{t.name}</p>
        <p className="text-sm text-muted">{t.title}</p>
        <p className="mt-1 text-sm text-body">{truncate(t.content)}</p>
        <Badge variant="info" className="mt-2">
          Order {t.order}
        </Badge>
      </div>
    </div>
  ),
};
