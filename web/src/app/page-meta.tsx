import { useEffect } from 'react';
import { documentTitle } from '@/app/routes';
import type { PageMeta } from '@/content/public-pages';
import { useCompanyName } from '@/lib/site-data-context';

// The server already wrote the title and description into the HTML; this keeps
// them right when the visitor moves between pages without a reload.
export function PageMetaEffect({ meta }: { meta: PageMeta }) {
  const company = useCompanyName();
  useEffect(() => {
    document.title = documentTitle(meta, company);
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
  }, [meta, company]);
  return null;
}
