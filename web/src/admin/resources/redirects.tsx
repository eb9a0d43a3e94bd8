import { ArrowRight } from 'lucide-react';
import type { Redirect } from '@/lib/api-types';
import { formatDate } from '@/lib/dates';
import { redirectSchema } from '../lib/schemas';
import type { ResourceConfig } from '../resource-config';
import { Badge } from '@/components/ui/badge';

export const redirects: ResourceConfig<Redirect> = {
  resource: 'redirects',
  noun: 'Redirect',
  plural: 'redirects',
  title: 'Redirects',
  description: 'Old addresses that send visitors on (301), with how often each was followed (counts arrive within seconds). A page that changes its address while published gets one by itself.',
  dialogDescription: 'Visitors of the source address are sent on to the target, with their query string.',
  fields: [
    { name: 'source', label: 'Source', kind: 'text', required: true, placeholder: '/old-page', hint: 'A path of this site that shows no page.' },
    { name: 'target', label: 'Target', kind: 'url', required: true, placeholder: '/new-page', hint: 'A path of this site, or an address starting with https://.' },
  ],
  schema: redirectSchema,
  name: (r) => r.source,
  badges: (r) => <Badge variant={r.kind === 'automatic' ? 'muted' : 'accent'}>{r.kind === 'automatic' ? 'Automatic' : 'Manual'}</Badge>,
  row: (r) => (
    <>
      <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 font-mono text-sm">
        <span className="font-medium break-all text-default">{r.source}</span>
        <ArrowRight aria-label="to" className="size-4 shrink-0 text-subtle" />
        <span className="break-all text-body">{r.target}</span>
      </p>
      <FollowedLine redirect={r} />
    </>
  ),
};

/** How often visitors followed the redirect, and when last. */
function FollowedLine({ redirect: r }: { redirect: Redirect }) {
  const hits = r.hits ?? 0;
  return (
    <p className="mt-1 text-xs text-muted tabular-nums">
      {hits > 0 && r.lastHitAt ? (
        <>
          <span className="font-medium text-body">
            Followed {hits.toLocaleString()} {hits === 1 ? 'time' : 'times'}
          </span>{' '}
          · last <time dateTime={r.lastHitAt}>{formatDate(r.lastHitAt)}</time>
        </>
      ) : (
        'Not followed yet'
      )}
    </p>
  );
}
