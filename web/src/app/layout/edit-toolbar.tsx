import { QueryClientProvider } from '@tanstack/react-query';
import { ArrowLeft, LogIn, PencilLine, Send, X } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { SignInDialog } from '@/admin/sign-in-dialog';
import { useEditMode } from '@/admin/lib/use-edit-mode';
import { readAdminToken, readAdminUser, subscribeAdminStorage } from '@/features/editable-text/edit-mode';
import { loadSavedTexts } from '@/features/editable-text/save-content';
import { savedTextCount, subscribeSavedTexts } from '@/features/editable-text/saved-texts';
import { isUnauthorized } from '@/lib/api-client';
import { requestSignIn } from '@/lib/session';
import { editQueryClient } from './edit-query-client';
import { savedFieldCount, subscribeRecords } from './save-record';
import { useHighlightedText } from './highlight-text';
import { SharingImage } from './sharing-image';

const none = () => 0;

type SessionState = 'checking' | 'active' | 'ended';

/**
 * The bar of edit mode on the public site: what is being done (editing,
 * how many texts changed in this visit), the way back to the admin, the way
 * out of edit mode, and a sign-in in place when the session has ended. A
 * save that meets an ended session asks for the sign-in here and goes again
 * after it, so the text typed is not lost.
 */
export function EditToolbar() {
  // The texts of the site and the fields of records saved in this visit.
  const changed = useSyncExternalStore(subscribeSavedTexts, savedTextCount, none) + useSyncExternalStore(subscribeRecords, savedFieldCount, none);
  const token = useSyncExternalStore(subscribeAdminStorage, readAdminToken, () => null);
  const { toggleEditMode } = useEditMode();
  const [session, setSession] = useState<SessionState>('checking');
  useHighlightedText(useLocation().search);

  // The saved texts and their versions as the page loads (a later save over
  // another editor's change is then caught), which also tells whether the
  // session still holds; again whenever the stored token changes.
  useEffect(() => {
    let live = true;
    loadSavedTexts().then(
      () => live && setSession('active'),
      (err: unknown) => live && setSession(isUnauthorized(err) ? 'ended' : 'active'),
    );
    return () => {
      live = false;
    };
  }, [token]);

  function signIn() {
    requestSignIn().then(
      () => setSession('active'),
      () => undefined,
    );
  }

  const username = readAdminUser()?.username ?? '';
  // On a phone the bar is one row of 44 px buttons, their words for screen readers only.
  const item =
    'inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white max-sm:size-11 max-sm:justify-center max-sm:px-0';
  const words = 'max-sm:sr-only';
  return (
    <QueryClientProvider client={editQueryClient}>
      {/* Room below the footer, so that the bar covers none of the page. */}
      <div aria-hidden="true" className="h-24" />
      <div
        role="region"
        aria-label="Edit mode"
        data-edit-bar=""
        className="fixed inset-x-0 bottom-4 z-40 flex justify-center px-4 print:hidden"
      >
        <div className="flex max-w-full flex-wrap items-center justify-center gap-1 rounded-3xl bg-ink/95 p-1.5 text-white shadow-2xl ring-1 ring-white/10 backdrop-blur max-sm:flex-nowrap max-sm:p-1 sm:rounded-full">
          <span className="inline-flex items-center gap-2 px-3 py-1.5 text-sm font-semibold max-sm:px-2">
            <PencilLine aria-hidden="true" className="size-4 text-edit" />
            <span className={words}>Edit mode</span>
          </span>
          <span role="status" className={`px-2 py-1.5 text-sm text-white/70 ${words}`}>
            {changed === 0 ? 'No texts changed yet' : `${changed} ${changed === 1 ? 'text' : 'texts'} changed`}
          </span>
          {/* The count alone, where the words do not fit. */}
          <span aria-hidden="true" className="px-2 text-sm text-white/70 tabular-nums sm:hidden">
            {changed}
          </span>
          {/* Where a keyboard finds a save's Undo (the toasts' region, Radix's hotkey). */}
          <span className="hidden px-2 py-1.5 text-xs text-white/70 lg:inline">
            <kbd className="rounded border border-white/30 px-1 font-sans">F8</kbd> notifications and Undo
          </span>
          {session === 'ended' && (
            <button type="button" onClick={signIn} className={`${item} bg-warning-line text-default hover:bg-warning-soft`}>
              <LogIn aria-hidden="true" className="size-4" />
              Session ended: sign in
            </button>
          )}
          <SharingImage className={`${item} text-white hover:bg-white/10`} labelClassName={words} />
          <a href="/admin?tab=publish" className={`${item} text-white hover:bg-white/10`}>
            <Send aria-hidden="true" className="size-4" />
            <span className={words}>Publish</span>
          </a>
          <a href="/admin?tab=content" className={`${item} text-white hover:bg-white/10`}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            <span className={words}>Back to admin</span>
          </a>
          <button
            type="button"
            onClick={() => {
              toggleEditMode();
            }}
            className={`${item} bg-surface text-default hover:bg-surface-sunken`}
          >
            <X aria-hidden="true" className="size-4" />
            <span className={words}>Exit edit mode</span>
          </button>
        </div>
      </div>
      <SignInDialog username={username} />
    </QueryClientProvider>
  );
}
