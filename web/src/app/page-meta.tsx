import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { documentTitle } from '@/app/routes';
import type { PageMeta } from '@/content/public-pages';
import { useCompanyName, useSiteData } from '@/lib/site-data-context';

// The page the document was loaded with, whose title and description the
// server wrote: nothing to fetch for it.
let loaded = true;

// The server already wrote the title and description into the HTML; this keeps
// them right when the visitor moves between pages without a reload. A built-in
// page's description is fetched then (content/page-descriptions.ts), with
// the facts it quotes as the page data holds them.
export function PageMetaEffect({ meta }: { meta: PageMeta }) {
  const company = useCompanyName();
  const { content } = useSiteData();
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitle(meta, company);
    const first = loaded;
    loaded = false;
    const set = (text = '') => document.querySelector('meta[name="description"]')?.setAttribute('content', text);
    if (meta.description !== undefined) set(meta.description);
    else if (!first) void import('@/content/page-descriptions').then((m) => set(m.pageDescription(pathname, content)));
  }, [meta, company, pathname, content]);
  return null;
}
