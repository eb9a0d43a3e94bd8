import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { LogOut, Pencil, SquareArrowOutUpRight } from 'lucide-react';
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
import { releaseAllHeld } from './lib/held';
import { useEditMode } from './lib/use-edit-mode';
import { roleMay, useMe } from './lib/users';
import { ResourceTab } from './resource-tab';
import { SignInDialog } from './sign-in-dialog';
import { ListState } from './tab-parts';
import { focusCurrentSection, mayOpen, NoAccess, SectionMenu, SectionSidebar, sectionHref, sectionOf } from './admin-nav';
import { footerLinks } from './resources/footer-links';
import { menuItems } from './resources/menu-items';
import { pages } from './resources/pages';
import { positions } from './resources/positions';
import { caseStudies } from './resources/case-studies';
import { testimonials } from './resources/testimonials';
import { ApplicationsTab } from './tabs/applications-tab';
import { ContactsTab } from './tabs/contacts-tab';
import { MeetingsTab } from './tabs/meetings-tab';
import { ContentTab } from './tabs/content-tab';
import { FactsTab } from './tabs/facts-tab';
import { PublishTab } from './tabs/publish-tab';
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
  const mayEdit = roleMay(role, 'content');
  // The open section is in the URL: a reload keeps it, and Back goes to the one before.
  const [params, setParams] = useSearchParams();
  const section = sectionOf(params);
  const tab = section.value;
  // A page's form, asked for by its address (the Edit in admin of a preview's banner).
  const [editPage, pageOpened] = useAskedFor('edit');
  // A lead's detail, asked for by its address (a meeting's row, a calendar feed's link).
  const [openLead, leadOpened] = useAskedFor('lead');

  // The links of the dashboard (its checklist, its figures): the focus goes
  // to the section one opened, in the sidebar, once it shows as open.
  const [focusTab, setFocusTab] = useState('');
  useEffect(() => {
    if (!focusTab || tab !== focusTab) return;
    focusCurrentSection();
    setFocusTab('');
  }, [focusTab, tab]);
  function openTab(value: string) {
    if (value !== tab) navigate(sectionHref(value));
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
    dashboard: <OverviewTab onOpenTab={openTab} mayOpen={(t) => mayOpen(role, t)} />,
    analytics: <AnalyticsTab />,
    contacts: <ContactsTab openLead={tab === 'contacts' ? openLead : undefined} onLeadOpened={leadOpened} />,
    meetings: <MeetingsTab onOpenLead={(id) => setParams({ tab: 'contacts', lead: String(id) })} onOpenTab={openTab} />,
    content: <ContentTab />,
    facts: <FactsTab />,
    publish: <PublishTab />,
    settings: <SettingsTab onLogout={() => void logout()} />,
    pages: <ResourceTab config={pages} editId={tab === 'pages' ? editPage : undefined} onEditOpened={pageOpened} />,
    menu: <ResourceTab config={menuItems} />,
    images: <ImagesTab />,
    testimonials: <ResourceTab config={testimonials} />,
    'case-studies': <ResourceTab config={caseStudies} />,
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
      <div className="mx-auto flex max-w-7xl gap-8 px-4 sm:px-6">
        {role && <SectionSidebar role={role} current={tab} />}
        <main id="admin-main" tabIndex={-1} aria-label={section.label} className="min-w-0 flex-1 py-6 focus-visible:outline-none sm:py-8">
          {role && <SectionMenu role={role} current={section} />}
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
          {role && <div key={tab}>{mayOpen(role, tab) ? panels[tab] : <NoAccess role={role} section={section} />}</div>}
        </main>
      </div>
      <SignInDialog username={username} />
    </div>
  );
}
