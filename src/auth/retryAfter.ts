/**
 * The wait a refused request (429) asks for, from its `Retry-After` header (RFC 9110 section 10.2.3): a number
 * of seconds, or an HTTP date. Null when the header is missing or unreadable, or the date has passed.
 */
export function retryAfterSeconds(header: string | null | undefined, now: number = Date.now()): number | null {
  const text = header?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) {
    const seconds = Number(text);
    return seconds > 0 ? seconds : null;
  }
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  const seconds = Math.ceil((at - now) / 1000);
  return seconds > 0 ? seconds : null;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** A wait as an operator reads it: seconds under a minute, else whole minutes rounded up (never shorter than asked). */
export function waitText(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  return whole < 60 ? plural(whole, 'second') : plural(Math.ceil(whole / 60), 'minute');
}

/** The login page's refusal after too many requests, with the wait the server asked for. */
export function tooManyText(seconds: number): string {
  return `Too many requests. Try again in ${waitText(seconds)}`;
}
