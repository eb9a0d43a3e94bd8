import { Suspense } from 'react';
import { Link } from 'react-router';
import { useCompanyName, useSiteData } from '@/lib/site-data-context';
import { SocialLinks } from '@/app/layout/social-links';
import { findRoute } from '@/app/routes';
import { footer as footerCopy } from '@/content/shared';
import { ContentSection } from '@/features/editable-text/content-scope';
import { EditableText } from '@/features/editable-text/editable-text';
import { RecordText } from '@/features/editable-text/record-text';
import type { FooterLink } from '@/lib/site-data';
import { lazyPage } from '@/app/lazy-page';

// The newsletter's sign-up, when the settings put it in the footer: its code
// is fetched only then, so a site without it sends no byte more.
const FooterNewsletter = lazyPage(() => import('@/app/layout/footer-newsletter'), (m) => m.FooterNewsletter);

// Footer link categories as the database names them, with the column titles
// the site shows (SPEC section 2). Legal links sit on the bottom row.
const columns = [
  { category: 'Solutions', key: 'solutions' },
  { category: 'Services', key: 'services' },
  { category: 'Company', key: 'company' },
] as const;

/** A footer link in its list item; its label is edited in place in edit mode. */
function FooterItem({ link, className }: { link: FooterLink; className: string }) {
  const url = link.url || '/';
  const label = (
    <RecordText
      record={{ resource: 'footer-links', match: { category: link.category, title: link.title, url: link.url, order: link.order } }}
      field="title"
      value={link.title}
    />
  );
  // Built-in pages move without a reload; anchors, other sites and the
  // pages an admin publishes (which the server renders with their data) get
  // a plain link.
  return (
    <li>
      {findRoute(url) ? (
        <Link to={url} className={className}>
          {label}
        </Link>
      ) : (
        <a href={url} className={className}>
          {label}
        </a>
      )}
    </li>
  );
}

export function SiteFooter() {
  const { footer, settings } = useSiteData();
  const byCategory = (c: string) => footer.filter((l) => l.category === c).sort((a, b) => a.order - b.order);
  const fallbackName = settings.logoText || 'Meridian AI';
  const company = useCompanyName();
  return (
    <ContentSection id="footer">
    <footer className="bg-ink text-slate-300 print:hidden" aria-labelledby="footer-heading">
      <h2 id="footer-heading" className="sr-only">
        Footer
      </h2>
      <div className="mx-auto max-w-7xl px-6 pt-16 pb-10 lg:px-8">
        <div className="grid gap-12 lg:grid-cols-5">
          <div className="lg:col-span-2">
            <EditableText
              as="p"
              contentKey="company_name"
              fallback={fallbackName}
              className="text-xl font-bold tracking-tight text-white"
            />
            <EditableText
              as="p"
              contentKey="company_description"
              fallback={footerCopy.company_description}
              multiline
              className="mt-4 max-w-sm text-sm leading-6 text-slate-400"
            />
            <div className="mt-6">
              <SocialLinks company={company} />
            </div>
            {settings.newsletterInFooter && (
              <Suspense>
                <FooterNewsletter />
              </Suspense>
            )}
          </div>
          <div className="grid grid-cols-2 gap-8 sm:grid-cols-3 lg:col-span-3">
            {columns.map((col) => (
              <div key={col.category}>
                <EditableText
                  as="h3"
                  contentKey={`columns.${col.key}`}
                  fallback={footerCopy.columns[col.key]}
                  className="text-sm font-semibold text-white"
                />
                <ul className="mt-4 space-y-3">
                  {byCategory(col.category).map((l, i) => (
                    <FooterItem key={i} link={l} className="text-sm text-slate-400 transition hover:text-white" />
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </div>
        <div className="mt-14 flex flex-col gap-4 border-t border-white/10 pt-8 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p className="text-slate-400">
            © {company}. <EditableText contentKey="rights" fallback={footerCopy.rights} />
          </p>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {byCategory('Legal').map((l, i) => (
              <FooterItem key={i} link={l} className="text-slate-400 transition hover:text-white" />
            ))}
          </ul>
        </div>
      </div>
    </footer>
    </ContentSection>
  );
}
