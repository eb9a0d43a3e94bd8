import { publicPages } from '@/content/public-pages';
import type { Page } from '@/lib/api-types';
import { useAdminList } from './lib/resources';
import { pagePath } from './resources/pages';
import { isScheduled } from './resources/schedule-page';
import { Input } from '@/components/ui/input';
import { Select, type SelectOption } from '@/components/ui/select';

/** The select's value while the address is none of the site's pages. */
const typed = 'typed';

/** The built-in pages, by the name their first words give ("Free AI Consultation · /ai-journey"). */
const builtIn: SelectOption[] = publicPages.map((r) => ({ value: r.path, label: `${r.path === '/' ? 'Home' : r.meta.title} · ${r.path}` }));

/** The addresses a link may choose among: the built-in pages, then the published pages and articles. */
export function pageOptions(pages: Page[] | undefined): SelectOption[] {
  const own = (pages ?? [])
    .filter((p) => p.status === 'published' && p.isActive && !isScheduled(p))
    .map((p) => ({ value: pagePath(p), label: `${p.template === 'article' ? 'Article' : 'Page'}: ${p.title} · ${pagePath(p)}` }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return [...builtIn, ...own];
}

type PageLinkFieldProps = {
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  aria: { 'aria-invalid'?: boolean; 'aria-describedby'?: string };
};

/**
 * A link's address: typed, or chosen among the site's pages (built-in,
 * and published pages and articles), which fills it in.
 */
export function PageLinkField({ id, value, onChange, placeholder, aria }: PageLinkFieldProps) {
  const pages = useAdminList<Page>('pages', 'Failed to fetch pages');
  const options = pageOptions(pages.data);
  const chosen = options.some((o) => o.value === value) ? value : typed;
  return (
    <div className="grid gap-2">
      <Input id={id} inputMode="url" value={value} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} {...aria} />
      <Select
        aria-label="Pages of the site"
        value={chosen}
        onValueChange={(v) => v !== typed && onChange(v)}
        options={[{ value: typed, label: value ? 'Another address, as typed above' : 'Or choose a page of the site…' }, ...options]}
      />
    </div>
  );
}
