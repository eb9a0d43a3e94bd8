import { Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useSiteData } from '@/lib/site-data-context';
import { Logo } from '@/app/layout/logo';
import { Button } from '@/components/ui/button';
import { header } from '@/content/shared';
import { EditableText } from '@/features/editable-text/editable-text';

export function SiteHeader() {
  const { menu } = useSiteData();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const items = [...menu].sort((a, b) => a.order - b.order);
  // On the consultation page the form is on the page itself.
  const getStarted = pathname === '/ai-journey' ? '#contact' : '/#contact';

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <>
      <header className="sticky top-0 z-40 print:hidden border-b border-slate-200/80 bg-white/90 backdrop-blur-md">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-6 lg:px-8">
          <Logo />
          <nav aria-label="Main" className="hidden md:block">
            <ul className="flex items-center gap-8 text-sm font-medium text-slate-700">
              {items.map((item, i) => (
                <li key={i}>
                  <a href={item.url} className="rounded-sm transition-colors hover:text-brand">
                    {item.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="flex items-center gap-3">
            <Button asChild size="sm" className="max-md:hidden">
              <a href={getStarted}>
                <EditableText section="header" contentKey="get_started" fallback={header.get_started} />
              </a>
            </Button>
            <button
              type="button"
              className="inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand md:hidden"
              aria-expanded={open}
              aria-controls="mobile-menu"
              aria-label={open ? 'Close menu' : 'Open menu'}
              onClick={() => setOpen((v) => !v)}
            >
              {open ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
            </button>
          </div>
        </div>
        {open && (
          <nav id="mobile-menu" aria-label="Mobile" className="border-t border-slate-200 bg-white shadow-lg md:hidden">
            <ul className="space-y-1 px-6 py-4">
              {items.map((item, i) => (
                <li key={i}>
                  <a
                    href={item.url}
                    className="block rounded-md px-3 py-2.5 text-base font-medium text-slate-800 hover:bg-slate-50"
                    onClick={() => setOpen(false)}
                  >
                    {item.title}
                  </a>
                </li>
              ))}
              <li className="pt-2">
                <Button asChild className="w-full">
                  <a href={getStarted} onClick={() => setOpen(false)}>
                    <EditableText section="header" contentKey="get_started" fallback={header.get_started} />
                  </a>
                </Button>
              </li>
            </ul>
          </nav>
        )}
      </header>
      {/* Below the open menu, the page is dimmed; a press on it closes the menu. */}
      {open && (
        <div aria-hidden="true" data-testid="menu-backdrop" className="fixed inset-0 z-30 bg-ink/40 md:hidden" onClick={() => setOpen(false)} />
      )}
    </>
  );
}
