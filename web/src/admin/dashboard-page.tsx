import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import {
  Briefcase,
  CalendarDays,
  ChartNoAxesColumn,
  Files,
  FileUser,
  FileText,
  Image,
  LayoutDashboard,
  LogOut,
  MailCheck,
  Menu,
  MessageSquareQuote,
  PanelBottom,
  Pencil,
  ScrollText,
  ShieldCheck,
  Settings,
  Signpost,
  SquareArrowOutUpRight,
  UserCog,
  UserRound,
  Users,
} from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  clearAdminSession,
  parseAdminUser,
  readAdminToken,
  readAdminUserText,
  subscribeAdminStorage,
} from '@/features/editable-text/edit-mode';
import { apiRequest } from '@/lib/api-client';
import type { Permission, Role } from '@/lib/api-types';
import { releaseAllHeld } from './lib/held';
import { useEditMode } from './lib/use-edit-mode';
import { roleMay, useMe } from './lib/users';
import { ResourceTab } from './resource-tab';
import { SignInDialog } from './sign-in-dialog';
import { ListState } from './tab-parts';
import { footerLinks } from './resources/footer-links';
import { menuItems } from './resources/menu-items';
import { pages } from './resources/pages';
import { positions } from './resources/positions';
import { testimonials } from './resources/testimonials';
import { ApplicationsTab } from './tabs/applications-tab';
import { ContactsTab } from './tabs/contacts-tab';
import { MeetingsTab } from './tabs/meetings-tab';
import { ContentTab } from './tabs/content-tab';
import { RedirectsTab } from './tabs/redirects-tab';
import { ImagesTab } from './tabs/images-tab';
import { AccountTab } from './tabs/account-tab';
import { AnalyticsTab } from './tabs/analytics-tab';
import { AuditTab } from './tabs/audit-tab';
import { PrivacyTab } from './tabs/privacy-tab';
import { OverviewTab } from './tabs/overview-tab';
import { SettingsTab } from './tabs/settings-tab';
import { UsersTab } from './tabs/users-tab';
import { SubscribersTab } from './tabs/subscribers-tab';
import { AdminButton } from '@/components/ui/admin-button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

const noSession = () => null;

/** Sends the browser to the login page, clearing whatever session is left. */
function ToLogin() {
  const navigate = useNavigate();
  useEffect(() => {
    clearAdminSession();
    navigate('/admin/login', { replace: true });
  }, [navigate]);
  return null;
}

/**
 * The admin dashboard (SPEC section 2). It shows only with a stored token and
 * a parsable stored user; otherwise both are cleared and the login page
 * follows. A token the server rejects ends the same way (see the query client).
 */
export function DashboardPage() {
  const token = useSyncExternalStore(subscribeAdminStorage, readAdminToken, noSession);
  const userText = useSyncExternalStore(subscribeAdminStorage, readAdminUserText, noSession);
  const user = useMemo(() => parseAdminUser(userText), [userText]);
  if (!token || !user) return <ToLogin />;
  return <Dashboard username={user.username} />;
}

// The tabs, each with the permission it needs (none: every role). The
// server refuses what a role may not do; the tabs a role cannot use are
// not shown.
const tabs: { value: string; label: string; icon: typeof Users; need?: Permission }[] = [
  { value: 'dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { value: 'analytics', label: 'Analytics', icon: ChartNoAxesColumn, need: 'leads' },
  { value: 'contacts', label: 'Contacts', icon: Users, need: 'leads' },
  { value: 'meetings', label: 'Meetings', icon: CalendarDays, need: 'leads' },
  { value: 'content', label: 'Content', icon: FileText, need: 'content' },
  { value: 'settings', label: 'Settings', icon: Settings, need: 'content' },
  { value: 'pages', label: 'Pages', icon: Files, need: 'content' },
  { value: 'menu', label: 'Menu', icon: Menu, need: 'content' },
  { value: 'images', label: 'Images', icon: Image, need: 'content' },
  { value: 'testimonials', label: 'Testimonials', icon: MessageSquareQuote, need: 'content' },
  { value: 'footer', label: 'Footer', icon: PanelBottom, need: 'content' },
  { value: 'redirects', label: 'Redirects', icon: Signpost, need: 'content' },
  { value: 'subscribers', label: 'Subscribers', icon: MailCheck, need: 'subscribers' },
  { value: 'careers', label: 'Careers', icon: Briefcase, need: 'careers' },
  { value: 'applications', label: 'Applications', icon: FileUser, need: 'careers' },
  { value: 'users', label: 'Users', icon: UserCog, need: 'users' },
  { value: 'audit', label: 'Audit log', icon: ScrollText, need: 'users' },
  { value: 'privacy', label: 'Privacy', icon: ShieldCheck, need: 'users' },
  { value: 'account', label: 'Account', icon: UserRound },
];

/** The tabs of a role (none while it is not known yet). */
function tabsOf(role: Role | undefined) {
  return role === undefined ? [] : tabs.filter((t) => !t.need || roleMay(role, t.need));
}

/** The tab a URL names (/admin?tab=menu) among those shown; the dashboard when it names none. */
export function tabOf(params: URLSearchParams, shown = tabs): string {
  const named = params.get('tab');
  return shown.some((t) => t.value === named) ? (named as string) : 'dashboard';
}

/** The record an address asks for (?name=id), and what to call once it is open: it drops the ask from the address, without a history entry. */
function useAskedFor(name: string): [number | undefined, () => void] {
  const [params, setParams] = useSearchParams();
  const opened = useCallback(
    () =>
      setParams(
        (p) => {
          p.delete(name);
          return p;
        },
        { replace: true },
      ),
    [setParams, name],
  );
  return [Number(params.get(name)) || undefined, opened];
}

function Dashboard({ username }: { username: string }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { editMode, toggleEditMode } = useEditMode();
  const me = useMe();
  const role = me.data?.role;
  const shown = tabsOf(role);
  const mayEdit = roleMay(role, 'content');
  // The open tab is in the URL: a reload keeps it, and Back goes to the one before.
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params, shown);
  // A page's form, asked for by its address (the Edit in admin of a preview's banner).
  const [editPage, pageOpened] = useAskedFor('edit');
  // A lead's detail, asked for by its address (a meeting's row, a calendar feed's link).
  const [openLead, leadOpened] = useAskedFor('lead');
  const setTab = (value: string) => {
    // Radix selects on mouse down and again on the focus that follows: one history entry.
    if (tabOf(new URLSearchParams(window.location.search)) === value) return;
    setParams(value === 'dashboard' ? {} : { tab: value });
  };

  // The links of the dashboard (its checklist, its figures): the focus goes
  // to the tab one opened, once it shows as open.
  const [focusTab, setFocusTab] = useState('');
  useEffect(() => {
    if (!focusTab || tab !== focusTab) return;
    document.querySelector<HTMLElement>('[role="tab"][data-state="active"]')?.focus();
    setFocusTab('');
  }, [focusTab, tab]);
  function openTab(value: string) {
    setTab(value);
    setFocusTab(value);
  }

  // The server call may fail; the browser forgets the session regardless.
  async function logout() {
    try {
      // Not through the admin client: a session already ended asks for no sign-in here.
      await apiRequest('POST', '/api/admin/logout', { token: readAdminToken() });
    } catch {
      // nothing to do: the session ends here either way
    }
    clearAdminSession();
    client.clear();
    releaseAllHeld();
    navigate('/admin/login', { replace: true });
  }

  // What each tab shows, by its value.
  const panels: Record<string, React.ReactNode> = {
    dashboard: <OverviewTab onOpenTab={openTab} mayOpen={(t) => shown.some((s) => s.value === t)} />,
    analytics: <AnalyticsTab />,
    contacts: <ContactsTab openLead={tab === 'contacts' ? openLead : undefined} onLeadOpened={leadOpened} />,
    meetings: <MeetingsTab onOpenLead={(id) => setParams({ tab: 'contacts', lead: String(id) })} onOpenTab={openTab} />,
    content: <ContentTab />,
    settings: <SettingsTab onLogout={() => void logout()} />,
    pages: <ResourceTab config={pages} editId={tab === 'pages' ? editPage : undefined} onEditOpened={pageOpened} />,
    menu: <ResourceTab config={menuItems} />,
    images: <ImagesTab />,
    testimonials: <ResourceTab config={testimonials} />,
    footer: <ResourceTab config={footerLinks} />,
    redirects: <RedirectsTab />,
    subscribers: <SubscribersTab />,
    careers: <ResourceTab config={positions} />,
    applications: <ApplicationsTab />,
    users: <UsersTab />,
    audit: <AuditTab />,
    privacy: <PrivacyTab />,
    account: <AccountTab />,
  };

  return (
    <div className="min-h-screen bg-surface-muted">
      <header className="relative z-40 border-b border-default bg-surface/90 backdrop-blur sm:sticky sm:top-0">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <div className="flex items-center gap-3">
            <span className="flex size-9 items-center justify-center rounded-lg bg-ink text-sm font-bold text-white" aria-hidden="true">
              M
            </span>
            <div>
              <h1 className="text-base leading-tight font-semibold text-default">Admin Dashboard</h1>
              <p className="text-xs text-muted">Welcome, {username}</p>
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <AdminButton variant="outline" size="sm" asChild>
              <a href="/" target="_blank" rel="noopener noreferrer">
                <SquareArrowOutUpRight aria-hidden="true" />
                <span className="max-sm:sr-only">View Website</span>
              </a>
            </AdminButton>
            {mayEdit && (
              <AdminButton variant={editMode ? 'success' : 'outline'} size="sm" onClick={toggleEditMode} aria-pressed={editMode}>
                <Pencil aria-hidden="true" />
                {editMode ? 'Exit Edit Mode' : 'Enable Edit Mode'}
              </AdminButton>
            )}
            <AdminButton variant="ghost" size="sm" onClick={() => void logout()}>
              <LogOut aria-hidden="true" />
              <span className="max-sm:sr-only">Logout</span>
            </AdminButton>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
        {editMode && mayEdit && (
          <div role="status" className="mb-6 flex items-start gap-3 rounded-xl border border-success-line bg-success-soft px-4 py-3 text-sm text-success">
            <Pencil className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <p>
              <strong className="font-semibold">Edit mode is on.</strong> Click any text element on the website to edit it.
            </p>
          </div>
        )}
        {!role && (
          <ListState query={me} loadingText="Loading your account...">
            {null}
          </ListState>
        )}
        {role && (
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList aria-label="Admin sections" value={tab}>
            {shown.map(({ value, label, icon: Icon }) => (
              <TabsTrigger key={value} value={value}>
                <Icon aria-hidden="true" />
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          {tabs.map(({ value }) => (
            <TabsContent key={value} value={value}>
              {panels[value]}
            </TabsContent>
          ))}
        </Tabs>
        )}
      </main>
      <SignInDialog username={username} />
    </div>
  );
}
