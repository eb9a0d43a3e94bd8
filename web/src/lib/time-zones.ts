/** The IANA time zones this browser knows, for the suggestions of a time zone field; none in an old browser. */
export function timeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

/** Whether a time zone field's value is one to send: UTC, or a zone the browser knows (any, when it knows none). */
export function knownTimeZone(zone: string): boolean {
  const zones = timeZones();
  return zone === 'UTC' || zones.length === 0 || zones.includes(zone);
}

/** The reader's time zone as a sentence names it: "Europe/Berlin (GMT+1)"; its IANA name alone where the offset is unknown. */
export function localZone(at = new Date()): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  try {
    const offset = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
    return offset && offset !== zone ? `${zone} (${offset})` : zone;
  } catch {
    return zone;
  }
}
