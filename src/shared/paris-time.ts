let parisClock: Intl.DateTimeFormat | undefined;

/** The wall clock of Europe/Paris at an instant (month 1–12), whatever the device's time zone. */
export function parisWallClock(instant: Date) {
  // One formatter for every call (booking-days.ts `todayInParis` says why).
  parisClock ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const parts = parisClock.formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}
