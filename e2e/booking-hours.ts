/**
 * Booking hours open around the clock, every day, without notice, in
 * timeZone: any half hour of the next 14 days is a slot, whatever the hour
 * a test runs.
 */
export function openAroundTheClock(timeZone: string, meetingLink: string) {
  return {
    timeZone,
    weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
    daysOff: [],
    bufferMinutes: 0,
    minNoticeMinutes: 0,
    horizonDays: 14,
    meetingMinutes: 30,
    meetingLink,
    phone: '',
  };
}
