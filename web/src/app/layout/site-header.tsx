import { ChevronDown, Menu, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useLocation } from 'react-router';
import { useSiteData } from '@/lib/site-data-context';
import type { MenuItem } from '@/lib/site-data';
import { Logo } from '@/app/layout/logo';
import { Button } from '@/components/ui/button';
import { header } from '@/content/shared';
import { isServicePage } from '@/content/site-paths';
import { EditableText } from '@/features/editable-text/editable-text';
import { RecordText } from '@/features/editable-text/record-text';

// A parent whose URL is # only opens its items; another also links to its
// own address, as the first link of its dropdown.
const opensOnly = (item: MenuItem) => item.url === '#' || item.url === '';

const byOrder = (a: MenuItem, b: MenuItem) => a.order - b.order;

/** The links of a parent's dropdown or accordion: its own first (the parent's item), unless it only opens them. */
function childLinks(item: MenuItem): MenuItem[] {
  const children = [...(item.children ?? [])].sort(byOrder);
  return opensOnly(item) ? children : [{ title: item.title, url: item.url, order: item.order }, ...children];
}

/** A menu item's label, edited in place in edit mode (the item is found by its label, address and order). */
function Label({ item }: { item: MenuItem }) {
  return <RecordText record={{ resource: 'menu-items', match: { title: item.title, url: item.url, order: item.order } }} field="title" value={item.title} />;
}

type GroupKey = keyof typeof header.menu_groups;

/**
 * A dropdown's links under two headings when it opens both kinds of page:
 * the links to the service pages under Services, the others under
 * Solutions, each in the menu's order. Null when all are of one kind (the
 * Company dropdown): then they show as one list without headings.
 */
function childGroups(links: MenuItem[]): { key: GroupKey; links: MenuItem[] }[] | null {
  const services = links.filter((l) => isServicePage(l.url));
  const solutions = links.filter((l) => !isServicePage(l.url));
  if (services.length === 0 || solutions.length === 0) return null;
  return [
    { key: 'solutions', links: solutions },
    { key: 'services', links: services },
  ];
}

/** A group of a dropdown's links, labelled by its heading (an editable text of the header). */
function LinkGroup({ id, group, className, children }: { id: string; group: GroupKey; className?: string; children: React.ReactNode }) {
  const labelId = `${id}-${group}`;
  return (
    <div role="group" aria-labelledby={labelId} className={className}>
      <EditableText
        as="p"
        id={labelId}
        section="header"
        contentKey={`menu_groups.${group}`}
        fallback={header.menu_groups[group]}
        className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wider text-slate-500 uppercase"
      />
      <ul>{children}</ul>
    </div>
  );
}

/** Moves the focus among the links of a dropdown with the arrow keys, Home and End. */
function moveFocus(e: ReactKeyboardEvent<HTMLElement>) {
  const links = Array.from(e.currentTarget.querySelectorAll<HTMLAnchorElement>('a'));
  const at = links.indexOf(document.activeElement as HTMLAnchorElement);
  const to =
    e.key === 'ArrowDown' ? (at + 1) % links.length
    : e.key === 'ArrowUp' ? (at - 1 + links.length) % links.length
    : e.key === 'Home' ? 0
    : e.key === 'End' ? links.length - 1
    : -1;
  if (to < 0) return;
  e.preventDefault();
  links[to]?.focus();
}

/** A top-level item with children on wide screens: a disclosure button and its dropdown of links. */
function Dropdown({ item, id, open, onOpen, onClose }: {
  item: MenuItem;
  id: string;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
}) {
  const root = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const focusFirst = useRef(false);
  const [own, ...rest] = childLinks(item);
  const grid = opensOnly(item) ? [own, ...rest] : rest;
  const groups = childGroups(grid);
  // Long lists go in two columns, read down each; two groups side by side.
  const columns = groups || grid.length > 6 ? 2 : 1;
  const link = (child: MenuItem, i: number) => (
    <li key={i}>
      <a href={child.url} onClick={onClose} className="block rounded-md px-3 py-2 text-slate-700 hover:bg-slate-50 hover:text-brand">
        <Label item={child} />
      </a>
    </li>
  );

  useEffect(() => {
    if (!open) return;
    if (focusFirst.current) {
      focusFirst.current = false;
      root.current?.querySelector<HTMLAnchorElement>('a')?.focus();
    }
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, onClose]);

  const close = () => {
    onClose();
    button.current?.focus();
  };

  return (
    <li
      ref={root}
      className="relative"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          close();
        }
      }}
      onBlur={(e) => {
        if (open && !root.current?.contains(e.relatedTarget as Node | null)) onClose();
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        className="inline-flex items-center gap-1 rounded-sm transition-colors hover:text-brand aria-expanded:text-brand"
        onClick={() => (open ? onClose() : onOpen())}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            if (open) root.current?.querySelector<HTMLAnchorElement>('a')?.focus();
            else {
              focusFirst.current = true;
              onOpen();
            }
          }
        }}
      >
        <Label item={item} />
        <ChevronDown className={`size-4 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
      </button>
      <div
        id={id}
        hidden={!open}
        onKeyDown={moveFocus}
        className={`absolute left-1/2 top-full z-50 mt-3 -translate-x-1/2 rounded-lg border border-slate-200 bg-white p-2 shadow-lg ${columns === 2 ? 'w-[34rem]' : 'w-60'}`}
      >
        {!opensOnly(item) && own && (
          <ul>
            <li>
              <a href={own.url} onClick={onClose} className="block rounded-md px-3 py-2 font-semibold text-slate-900 hover:bg-slate-50 hover:text-brand">
                <Label item={own} />
              </a>
            </li>
          </ul>
        )}
        {groups ? (
          <div className="grid grid-cols-2 gap-x-2">
            {groups.map((g) => (
              <LinkGroup key={g.key} id={id} group={g.key}>
                {g.links.map(link)}
              </LinkGroup>
            ))}
          </div>
        ) : (
          <ul
            className={columns === 2 ? 'grid grid-flow-col grid-cols-2 gap-x-2' : ''}
            style={columns === 2 ? { gridTemplateRows: `repeat(${Math.ceil(grid.length / 2)}, auto)` } : undefined}
          >
            {grid.map(link)}
          </ul>
        )}
      </div>
    </li>
  );
}

/** A parent's links in the mobile menu's accordion: its own first, then its items, in groups when it opens both kinds of page. */
function MobileSection({ id, item, hidden, onClose }: { id: string; item: MenuItem; hidden: boolean; onClose: () => void }) {
  const links = childLinks(item);
  const own = opensOnly(item) ? null : links[0];
  const children = own ? links.slice(1) : links;
  const groups = childGroups(children);
  const link = (child: MenuItem, j: number, first = false) => (
    <li key={j}>
      <a
        href={child.url}
        className={`block rounded-md px-3 py-2 text-base hover:bg-slate-50 ${first ? 'font-semibold text-slate-900' : 'text-slate-700'}`}
        onClick={onClose}
      >
        <Label item={child} />
      </a>
    </li>
  );
  return (
    <div id={id} hidden={hidden} className="mb-1 ml-3 border-l border-slate-200 pl-3">
      {(own || !groups) && (
        <ul>
          {own && link(own, -1, true)}
          {!groups && children.map((c, j) => link(c, j))}
        </ul>
      )}
      {groups?.map((g) => (
        <LinkGroup key={g.key} id={id} group={g.key} className="mt-1">
          {g.links.map((c, j) => link(c, j))}
        </LinkGroup>
      ))}
    </div>
  );
}

/** The menu of small screens: top-level links, and parents as accordions of their links. */
function MobileMenu({ items, getStarted, onClose }: { items: MenuItem[]; getStarted: string; onClose: () => void }) {
  // The open section, by index: the menu opens with all closed.
  const [section, setSection] = useState<number | null>(null);
  return (
    <nav id="mobile-menu" aria-label="Mobile" className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-200 bg-white shadow-lg lg:hidden">
      <ul className="space-y-1 px-6 py-4">
        {items.map((item, i) =>
          item.children?.length ? (
            <li key={i}>
              <button
                type="button"
                aria-expanded={section === i}
                aria-controls={`mobile-section-${i}`}
                className="flex w-full items-center justify-between rounded-md px-3 py-2.5 text-left text-base font-medium text-slate-800 hover:bg-slate-50"
                onClick={() => setSection((s) => (s === i ? null : i))}
              >
                <Label item={item} />
                <ChevronDown className={`size-5 transition-transform motion-reduce:transition-none ${section === i ? 'rotate-180' : ''}`} aria-hidden="true" />
              </button>
              <MobileSection id={`mobile-section-${i}`} item={item} hidden={section !== i} onClose={onClose} />
            </li>
          ) : (
            <li key={i}>
              <a
                href={item.url}
                className="block rounded-md px-3 py-2.5 text-base font-medium text-slate-800 hover:bg-slate-50"
                onClick={onClose}
              >
                <Label item={item} />
              </a>
            </li>
          ),
        )}
        <li className="pt-2">
          <Button asChild className="w-full">
            <a href={getStarted} onClick={onClose}>
              <EditableText section="header" contentKey="get_started" fallback={header.get_started} />
            </a>
          </Button>
        </li>
      </ul>
    </nav>
  );
}

export function SiteHeader() {
  const { menu } = useSiteData();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  // The open dropdown of wide screens, by index.
  const [dropdown, setDropdown] = useState<number | null>(null);
  const items = [...menu].sort(byOrder);
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

  // A new page starts with its dropdowns closed.
  useEffect(() => setDropdown(null), [pathname]);

  const closeDropdown = useCallback(() => setDropdown(null), []);

  return (
    <>
      <header className="sticky top-0 z-40 print:hidden border-b border-slate-200/80 bg-white/90 backdrop-blur-md">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-6 lg:px-8">
          <Logo />
          <nav aria-label="Main" className="hidden lg:block">
            <ul className="flex items-center gap-8 text-sm font-medium whitespace-nowrap text-slate-700">
              {items.map((item, i) =>
                item.children?.length ? (
                  <Dropdown
                    key={i}
                    item={item}
                    id={`menu-dropdown-${i}`}
                    open={dropdown === i}
                    onOpen={() => setDropdown(i)}
                    onClose={closeDropdown}
                  />
                ) : (
                  <li key={i}>
                    <a href={item.url} className="rounded-sm transition-colors hover:text-brand">
                      <Label item={item} />
                    </a>
                  </li>
                ),
              )}
            </ul>
          </nav>
          <div className="flex items-center gap-3">
            <Button asChild size="sm" className="max-lg:hidden">
              <a href={getStarted}>
                <EditableText section="header" contentKey="get_started" fallback={header.get_started} />
              </a>
            </Button>
            <button
              type="button"
              className="inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand lg:hidden"
              aria-expanded={open}
              aria-controls="mobile-menu"
              aria-label={open ? 'Close menu' : 'Open menu'}
              onClick={() => setOpen((v) => !v)}
            >
              {open ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
            </button>
          </div>
        </div>
        {open && <MobileMenu items={items} getStarted={getStarted} onClose={() => setOpen(false)} />}
      </header>
      {/* Below the open menu, the page is dimmed; a press on it closes the menu. */}
      {open && (
        <div aria-hidden="true" data-testid="menu-backdrop" className="fixed inset-0 z-30 bg-ink/40 lg:hidden" onClick={() => setOpen(false)} />
      )}
    </>
  );
}
