/** Toasts the engine shows; the shell binds them to antd's `App` context once (stories and tests may too). */
export interface Feedback {
  success(text: string): void;
  /** `seconds`: how long it stays (default: the binder's). */
  error(text: string, seconds?: number): void;
  info(text: string): void;
  /** Falls back to `info` where a binder has no warning toast. */
  warning?(text: string): void;
}

const silent: Feedback = { success() {}, error() {}, info() {} };
let current: Feedback = silent;

/** Binds the toasts. */
export function bindFeedback(next: Feedback): void {
  current = next;
}

/** The toasts in force. */
export const feedback: Required<Feedback> = {
  success: (text) => current.success(text),
  error: (text, seconds) => current.error(text, seconds),
  info: (text) => current.info(text),
  warning: (text) => (current.warning ? current.warning(text) : current.info(text)),
};
