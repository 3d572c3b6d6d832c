import { STALE_RECORD } from '../data/http';
import { isRecord } from '../data/pick';
import type { FormConfig } from './types';

/** A form's way of showing its refused saves (see `FormConfig.onFailure`). */
type OnFailure = NonNullable<FormConfig['onFailure']>;

/**
 * Refusals said inside the form, untoasted, by the status they come with (the event form's 500: 'Event is already
 * created'); any other refusal toasts the server's messages, or the config's error when the server said nothing.
 */
export function inFormOnStatus(texts: Readonly<Record<number, string>>): OnFailure {
  return (failure, show) => {
    const text = texts[failure.status];
    if (text) {
      show.inForm(text);
      return true;
    }
    // A stale record's refusal is the reload dialog's to explain.
    if (failure.status !== STALE_RECORD) for (const message of failure.messages) show.toast(message);
    if (failure.messages.length === 0) show.toast(failure.error);
    return true;
  };
}

/**
 * A refusal the server explains (`success: false` with messages) shows only its first message, for `seconds` (the AP
 * form's 10), unless that message is shown under its field already; any other failure the config's error.
 */
export function firstServerMessage(seconds: number): OnFailure {
  return (failure, show) => {
    const [first] = failure.messages;
    const explained = isRecord(failure.body) && failure.body.success === false && first !== undefined;
    if (!(explained && failure.underFields.includes(first))) show.toast(explained ? first : failure.error, seconds);
    return true;
  };
}
