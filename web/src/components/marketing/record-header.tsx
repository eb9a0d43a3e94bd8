import { ArrowLeft } from 'lucide-react';
import { cx } from '@/lib/cx';

type RecordHeaderProps = {
  /** The list the page belongs to, and the text of the way back to it. */
  backHref: string;
  back: React.ReactNode;
  /** A page as wide as the site (a case study); else as wide as a text. */
  wide?: boolean;
  /** The title (id page-title) and what follows it. */
  children: React.ReactNode;
};

/** The dark opening of a record's own page (an article, a position, a case study): the way back to its list, then its title. */
export function RecordHeader({ backHref, back, wide = false, children }: RecordHeaderProps) {
  return (
    <header className="relative isolate overflow-hidden bg-ink text-white" aria-labelledby="page-title">
      <div aria-hidden="true" className="hero-glow absolute inset-0 -z-10" />
      <div aria-hidden="true" className="hero-grid absolute inset-0 -z-10" />
      <div className={cx('mx-auto px-6 pt-16 pb-16 sm:pt-24 sm:pb-20 lg:px-8', wide ? 'max-w-7xl' : 'max-w-3xl')}>
        <a href={backHref} className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-200 hover:text-white">
          <ArrowLeft aria-hidden="true" className="size-4" />
          {back}
        </a>
        {children}
      </div>
    </header>
  );
}
