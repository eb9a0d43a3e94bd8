import { ThankYou } from '@/components/marketing/thank-you';
import { BookingPanel } from '@/features/leads/booking/booking-panel';
import type { SentLead } from '@/features/leads/api/use-create-lead';

/**
 * What replaces a lead form once it is sent: the thanks, and the free
 * consultation to book on the spot when the answer carried a booking token.
 * Fetched only when a visitor starts a form.
 */
export function LeadSent({ sent, onAgain }: { sent: SentLead; onAgain: () => void }) {
  return <ThankYou onAgain={onAgain}>{sent.bookingToken && <BookingPanel token={sent.bookingToken} />}</ThankYou>;
}
