import { useState } from 'react';
import { CalendarPlus, CalendarOff, RefreshCw } from 'lucide-react';
import { toast } from '@/lib/toast-store';
import { isApiError } from '@/lib/api-client';
import { useCalendarFeed, useNewCalendarFeed, useTurnOffCalendarFeed } from '../lib/meetings';
import { BusyButton, ListState, TabCard } from '../tab-parts';
import { Badge } from '@/components/ui/badge';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyField } from '@/components/ui/copy-field';

const failure = (err: unknown) => (isApiError(err) ? err.message : 'Something went wrong. Try again.');

/**
 * The signed-in user's private calendar feed: an address a calendar
 * subscribes to, which lists the meetings booked with them. The address is
 * shown once, when it is made; a new one stops the old one working.
 */
export function CalendarFeedCard() {
  const feed = useCalendarFeed();
  const make = useNewCalendarFeed();
  const off = useTurnOffCalendarFeed();
  const [url, setUrl] = useState('');
  const [asking, setAsking] = useState<'renew' | 'off' | null>(null);
  const on = feed.data?.enabled === true;

  async function newAddress() {
    setAsking(null);
    try {
      const made = await make.mutateAsync();
      setUrl(made.url);
      toast({ title: 'Calendar feed ready', description: on ? 'The old address no longer works.' : 'Subscribe to it in your calendar.' });
    } catch (err) {
      toast({ title: 'No calendar feed', description: failure(err), variant: 'destructive' });
    }
  }

  async function turnOff() {
    setAsking(null);
    try {
      await off.mutateAsync();
      setUrl('');
      toast({ title: 'Calendar feed turned off', description: 'Its address no longer works.' });
    } catch (err) {
      toast({ title: 'Not turned off', description: failure(err), variant: 'destructive' });
    }
  }

  const busy = make.isPending || off.isPending;
  return (
    <TabCard
      title="Calendar feed"
      titleId="account-calendar-feed-title"
      description="Your meetings in your own calendar: subscribe to a private address, which keeps them up to date. Anyone with the address sees them."
      actions={feed.data && (on ? <Badge variant="success">On</Badge> : <Badge variant="muted">Off</Badge>)}
    >
      <ListState query={feed} loadingText="Loading your calendar feed...">
        <div className="grid max-w-2xl gap-4">
          {url ? (
            <div className="rounded-lg border border-info-line bg-info-soft/60 p-3">
              <CopyField
                id="calendar-feed-url"
                variant="outline"
                label="Your feed's address: copy it now, it is shown only once. Add it in your calendar as a calendar from a URL (a subscription)."
                value={url}
              />
            </div>
          ) : (
            <p className="text-sm text-body">
              {on
                ? 'Your feed is on. Its address was shown when you made it; a new address shows one again, and the old one stops working.'
                : 'Your feed is off. Make an address to subscribe to in Google Calendar, Outlook or Apple Calendar; it lists your booked meetings from 30 days ago on.'}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <BusyButton
              variant={on ? 'outline' : 'primary'}
              onClick={() => (on ? setAsking('renew') : void newAddress())}
              aria-disabled={busy || undefined}
              icon={on ? RefreshCw : CalendarPlus}
              busy={make.isPending}
              label={on ? 'New address' : 'Make feed address'}
              busyLabel="Making address..."
            />
            {on && (
              <BusyButton variant="outline" onClick={() => setAsking('off')} aria-disabled={busy || undefined} icon={CalendarOff} busy={off.isPending} label="Turn off" busyLabel="Turning off..." />
            )}
          </div>
        </div>
      </ListState>
      <ConfirmDialog
        open={asking === 'renew'}
        title="Make a new address?"
        description="The old address stops working: calendars subscribed to it no longer get your meetings. Subscribe to the new one instead."
        cancelLabel="Keep the old one"
        confirmLabel="New address"
        onCancel={() => setAsking(null)}
        onConfirm={() => void newAddress()}
      />
      <ConfirmDialog
        open={asking === 'off'}
        title="Turn the calendar feed off?"
        description="Its address stops working: calendars subscribed to it no longer get your meetings. You can make a new address later."
        cancelLabel="Keep it on"
        confirmLabel="Turn off"
        onCancel={() => setAsking(null)}
        onConfirm={() => void turnOff()}
      />
    </TabCard>
  );
}
