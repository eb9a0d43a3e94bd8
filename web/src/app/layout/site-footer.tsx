import { Link } from 'react-router';
import { useCompanyName, useSiteData } from '@/lib/site-data-context';
import { SocialLinks } from '@/app/layout/social-links';
import { findRoute } from '@/app/routes';
import { EditableText } from '@/features/editable-text/editable-text';
import type { FooterLink } from '@/lib/site-data';

// Footer link categories as the database names them, with the column titles
// the site shows (SPEC section 2). Legal links sit on the bottom row.
const columns = [
  { category: 'Solutions', title: 'AI Solutions' },
  { category: 'Services', title: 'Services' },
  { category: 'Company', title: 'Company' },
];

const defaultDescription =
  'Enterprise AI solutions, consulting and staffing. We help leadership teams turn machine learning into measurable results, from first strategy to systems in production.';

function FooterAnchor({ link, className }: { link: FooterLink; className: string }) {
  const url = link.url || '/';
  // Built-in pages move without a reload; anchors, other sites and the
  // pages an admin publishes (which the server renders with their data) get
  // a plain link.
  if (findRoute(url)) {
    return (
      <Link to={url} className={className}>
        {link.title}
      </Link>
    );
  }
  return (
    <a href={url} className={className}>
      {link.title}
    </a>
  );
}

export function SiteFooter() {
  const { footer, settings } = useSiteData();
  const byCategory = (c: string) => footer.filter((l) => l.category === c).sort((a, b) => a.order - b.order);
  const fallbackName = settings.logoText || 'Meridian AI';
  const company = useCompanyName();
  return (
    <footer className="bg-ink text-slate-300" aria-labelledby="footer-heading">
      <h2 id="footer-heading" className="sr-only">
        Footer
      </h2>
      <div className="mx-auto max-w-7xl px-6 pt-16 pb-10 lg:px-8">
        <div className="grid gap-12 lg:grid-cols-5">
          <div className="lg:col-span-2">
            <EditableText
              as="p"
              section="footer"
              contentKey="company_name"
              fallback={fallbackName}
              className="text-xl font-bold tracking-tight text-white"
            />
            <EditableText
              as="p"
              section="footer"
              contentKey="company_description"
              fallback={defaultDescription}
              multiline
              className="mt-4 max-w-sm text-sm leading-6 text-slate-400"
            />
            <div className="mt-6">
              <SocialLinks company={company} />
            </div>
          </div>
          <div className="grid grid-cols-2 gap-8 sm:grid-cols-3 lg:col-span-3">
            {columns.map((col) => (
              <div key={col.category}>
                <h3 className="text-sm font-semibold text-white">{col.title}</h3>
                <ul className="mt-4 space-y-3">
                  {byCategory(col.category).map((l) => (
                    <li key={l.id}>
                      <FooterAnchor link={l} className="text-sm text-slate-400 transition hover:text-white" />
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </div>
        <div className="mt-14 flex flex-col gap-4 border-t border-white/10 pt-8 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p className="text-slate-400">© {company}. All rights reserved.</p>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {byCategory('Legal').map((l) => (
              <li key={l.id}>
                <FooterAnchor link={l} className="text-slate-400 transition hover:text-white" />
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
