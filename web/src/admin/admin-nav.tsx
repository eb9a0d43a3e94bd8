// The admin's sections and the way between them: a sidebar of grouped links
// on a wide screen, the same links in a drawer behind a Menu button on a
// narrow one. The open section is in the URL (/admin?tab=menu), so a reload
// keeps it and Back goes to the one before.
import { useEffect, useRef, useState } from 'react';
import {
  BadgeCheck,
  Briefcase,
  CalendarDays,
  ChartNoAxesColumn,
  ChevronDown,
  Files,
  FileText,
  FileUser,
  Image,
  LayoutDashboard,
  Lock,
  MailCheck,
  Menu,
  MessageSquareQuote,
  PanelBottom,
  ScrollText,
  Send,
  ShieldCheck,
  Settings,
  Signpost,
  UserCog,
  UserRound,
  Users,
  X,
  Trophy,
} from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { Link } from 'react-router';
import type { Permission, Role } from '@/lib/api-types';
import { cn } from '@/lib/cn';
import { Panel } from '@/components/ui/panel';
import { roleLabels, roleMay } from './lib/users';

export type Section = { value: string; label: string; icon: typeof Users; need?: Permission };
type Group = { label: string; sections: Section[] };

// The sections by group, each with the permission it needs (none: every
// role). The server refuses what a role may not do; the sections a role
// cannot use are not shown. SPEC's nine tabs keep their names.
const groups: Group[] = [
  { label: 'Overview', sections: [{ value: 'dashboard', label: 'Dashboard', icon: LayoutDashboard }] },
  {
    label: 'Site',
    sections: [
      { value: 'pages', label: 'Pages', icon: Files, need: 'content' },
      { value: 'content', label: 'Content', icon: FileText, need: 'content' },
      { value: 'facts', label: 'Company facts', icon: BadgeCheck, need: 'content' },
      { value: 'publish', label: 'Publish', icon: Send, need: 'content' },
      { value: 'images', label: 'Images', icon: Image, need: 'content' },
      { value: 'menu', label: 'Menu', icon: Menu, need: 'content' },
      { value: 'footer', label: 'Footer', icon: PanelBottom, need: 'content' },
      { value: 'testimonials', label: 'Testimonials', icon: MessageSquareQuote, need: 'content' },
      { value: 'case-studies', label: 'Case studies', icon: Trophy, need: 'content' },
      { value: 'redirects', label: 'Redirects', icon: Signpost, need: 'content' },
    ],
  },
  {
    label: 'Leads',
    sections: [
      { value: 'contacts', label: 'Contacts', icon: Users, need: 'leads' },
      { value: 'meetings', label: 'Meetings', icon: CalendarDays, need: 'leads' },
      { value: 'analytics', label: 'Analytics', icon: ChartNoAxesColumn, need: 'leads' },
    ],
  },
  { label: 'Audience', sections: [{ value: 'subscribers', label: 'Subscribers', icon: MailCheck, need: 'subscribers' }] },
  {
    label: 'Careers',
    sections: [
      { value: 'careers', label: 'Positions', icon: Briefcase, need: 'careers' },
      { value: 'applications', label: 'Applications', icon: FileUser, need: 'careers' },
    ],
  },
  {
    label: 'Administration',
    sections: [
      { value: 'users', label: 'Users', icon: UserCog, need: 'users' },
      { value: 'audit', label: 'Audit log', icon: ScrollText, need: 'users' },
      { value: 'privacy', label: 'Privacy', icon: ShieldCheck, need: 'users' },
      { value: 'settings', label: 'Settings', icon: Settings, need: 'content' },
      { value: 'account', label: 'Account', icon: UserRound },
    ],
  },
];

const allSections = groups.flatMap((g) => g.sections);

// What a permission opens, in the words of the sidebar: the message of a
// section a role may not open names it.
const permissionAreas: Record<Permission, string> = {
  content: 'site content',
  leads: 'Leads',
  leadSettings: 'Leads',
  leadActivityDelete: 'Leads',
  subscribers: 'Audience',
  careers: 'Careers',
  users: 'Administration',
  publish: 'Publish',
};

/** The groups of a role, each with the sections it may open (none while the role is not known yet). */
export function groupsOf(role: Role | undefined): Group[] {
  if (role === undefined) return [];
  return groups
    .map((g) => ({ ...g, sections: g.sections.filter((s) => !s.need || roleMay(role, s.need)) }))
    .filter((g) => g.sections.length > 0);
}

/** Whether the role may open the section. */
export function mayOpen(role: Role | undefined, value: string): boolean {
  return groupsOf(role).some((g) => g.sections.some((s) => s.value === value));
}

/** The section a URL names (/admin?tab=menu), whether or not the role may open it; the dashboard when it names none. */
export function sectionOf(params: URLSearchParams): Section {
  const named = params.get('tab');
  return allSections.find((s) => s.value === named) ?? allSections[0];
}

/** The address of a section. */
export function sectionHref(value: string): string {
  return value === 'dashboard' ? '/admin' : `/admin?tab=${value}`;
}

/**
 * Gives the focus to the open section's link, or to the Menu button when the
 * sidebar is folded away (a narrow screen): where a keyboard goes on from.
 */
export function focusCurrentSection(): void {
  const link = document.querySelector<HTMLElement>('[data-section-link][aria-current="page"]');
  if (link && link.offsetParent !== null) link.focus();
  else document.querySelector<HTMLElement>('[data-section-menu]')?.focus();
}

/** Whether the focus is where focusCurrentSection puts it. */
export function currentSectionFocused(): boolean {
  return document.activeElement?.matches('[data-section-link][aria-current="page"], [data-section-menu]') === true;
}

/** The grouped links of the sections a role may open, the open one marked. */
function SectionLinks({ role, current, onNavigate }: { role: Role; current: string; onNavigate?: () => void }) {
  return (
    <nav aria-label="Admin sections" className="grid gap-4">
      {groupsOf(role).map((g) => (
        <div key={g.label}>
          <p id={`section-group-${g.label}`} className="px-3 pb-1.5 text-xs font-semibold tracking-wide text-muted uppercase">
            {g.label}
          </p>
          <ul aria-labelledby={`section-group-${g.label}`} className="grid gap-0.5">
            {g.sections.map(({ value, label, icon: Icon }) => {
              const here = value === current;
              return (
                <li key={value}>
                  <Link
                    to={sectionHref(value)}
                    data-section-link=""
                    aria-current={here ? 'page' : undefined}
                    onClick={onNavigate}
                    className={cn(
                      'flex items-center gap-2.5 rounded-lg px-3 py-1.5 text-sm font-medium text-body transition-colors hover:bg-surface-sunken hover:text-default focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted',
                      here && 'bg-ink text-white hover:bg-ink hover:text-white [&_svg]:text-white',
                    )}
                  >
                    <Icon aria-hidden="true" />
                    {label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/** The sidebar of a wide screen (1024 px and more): fixed in width, it stays in view under the header as the page scrolls. */
export function SectionSidebar({ role, current }: { role: Role; current: string }) {
  const box = useRef<HTMLDivElement>(null);
  // On a screen too low for every section, the open one scrolls into the sidebar's view (the box only, not the page).
  useEffect(() => {
    const el = box.current;
    const link = el?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!el || !link) return;
    if (link.offsetTop < el.scrollTop) el.scrollTop = link.offsetTop - 24;
    else if (link.offsetTop + link.offsetHeight > el.scrollTop + el.clientHeight) el.scrollTop = link.offsetTop + link.offsetHeight - el.clientHeight + 24;
  }, [current]);
  return (
    <aside className="hidden w-56 shrink-0 lg:block">
      {/* The padding keeps the links' focus rings clear of the scrolling box's edges. */}
      <div ref={box} className="sticky top-[61px] -mx-1.5 max-h-[calc(100vh-61px)] overflow-y-auto px-1.5 py-7">
        <SectionLinks role={role} current={current} />
      </div>
    </aside>
  );
}

/**
 * The sections on a narrow screen: a Menu button that names the open
 * section and opens the links as a drawer from the left, over a backdrop.
 * The focus stays in the drawer while it is open; Escape or a chosen
 * section closes it, and the focus goes back to the button.
 */
export function SectionMenu({ role, current }: { role: Role; current: Section }) {
  const [open, setOpen] = useState(false);
  const CurrentIcon = current.icon;
  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger
        data-section-menu=""
        aria-label={`Menu: ${current.label}`}
        className="mb-5 flex w-full items-center gap-3 rounded-xl border border-default bg-surface px-3 py-2.5 text-left text-sm shadow-xs transition-colors hover:bg-surface-sunken focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus lg:hidden"
      >
        <span className="flex items-center gap-2 font-semibold text-default">
          <Menu className="size-4" aria-hidden="true" />
          Menu
        </span>
        <span className="h-4 border-l border-default" aria-hidden="true" />
        <span className="flex min-w-0 flex-1 items-center gap-2 text-body">
          <CurrentIcon className="size-4 shrink-0 text-muted" aria-hidden="true" />
          <span className="truncate">{current.label}</span>
        </span>
        <ChevronDown className="size-4 shrink-0 text-muted" aria-hidden="true" />
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-ink/50 backdrop-blur-[1px] lg:hidden" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onOpenAutoFocus={(e) => {
            // The focus starts on the open section's link, where the list is read from.
            const here = (e.currentTarget as HTMLElement).querySelector<HTMLElement>('[aria-current="page"]');
            if (!here) return;
            e.preventDefault();
            here.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[calc(100vw-3rem)] flex-col border-r border-default bg-surface shadow-xl focus-visible:outline-none lg:hidden"
        >
          <div className="flex items-center justify-between border-b border-subtle px-4 py-3">
            <DialogPrimitive.Title className="text-base font-semibold text-default">Admin sections</DialogPrimitive.Title>
            <DialogPrimitive.Close
              aria-label="Close menu"
              className="rounded-md p-1.5 text-muted hover:bg-surface-sunken hover:text-default focus-visible:outline-2 focus-visible:outline-focus"
            >
              <X className="size-4" aria-hidden="true" />
            </DialogPrimitive.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-2 py-4">
            <SectionLinks role={role} current={current.value} onNavigate={() => setOpen(false)} />
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** What an address shows for a section the role may not open, in place of the section. */
export function NoAccess({ role, section }: { role: Role; section: Section }) {
  const area = section.need ? permissionAreas[section.need] : section.label;
  return (
    <Panel aria-labelledby="no-access-title" className="px-6 py-10 text-center sm:py-14">
      <span className="mx-auto flex size-11 items-center justify-center rounded-full bg-surface-sunken text-muted">
        <Lock className="size-5" aria-hidden="true" />
      </span>
      <h2 id="no-access-title" className="mt-4 text-base font-semibold text-default">You do not have access to {area}</h2>
      <p className="mx-auto mt-1.5 max-w-md text-sm text-muted">
        {section.label} is not open to your role ({roleLabels[role]}). Ask an administrator if you need it.
      </p>
      <Link
        to="/admin"
        className="mt-5 inline-flex items-center gap-1.5 rounded-lg border border-default px-3 py-1.5 text-sm font-medium text-default hover:bg-surface-sunken focus-visible:outline-2 focus-visible:outline-focus"
      >
        <LayoutDashboard className="size-4" aria-hidden="true" />
        Go to the dashboard
      </Link>
    </Panel>
  );
}
