import { useState } from 'react';

/**
 * `ui:options.popup` of the template text: the text is also edited in a dialog, with its placeholder tokens beside it
 * (e.g. the notification form's SMS content or e-mail subject, spec 002 sections 2.4 and 5).
 */
export interface TemplatePopupOptions {
  /** The label of the button under the field that opens the dialog (e.g. 'Edit Subject'). */
  open: string;
  /** The dialog's title, also the name of its text area (e.g. 'Subject'). */
  title: string;
  /** What Save says when the text is empty or only blanks (e.g. 'Plese enter subject'); the dialog stays open. */
  empty: string;
}

/** The dialog's text being edited and what its last Save refused, or null while it is closed. */
export type TemplatePopupState = { draft: string; error?: string } | null;

/**
 * The outcome of Save on a draft: the text to write into the form (as typed), or the empty message. A text of blanks
 * only counts as empty: the form would refuse it ('Blank spaces not allowed') anyway.
 */
export function savePopupDraft(draft: string, empty: string): { value: string } | { error: string } {
  return draft.trim() === '' ? { error: empty } : { value: draft };
}

/** What the dialog's view needs: its state and the four things an operator does with it. */
export interface TemplatePopupController {
  state: TemplatePopupState;
  /** Opens the dialog on the field's value. */
  show(): void;
  edit(text: string): void;
  /** Writes the draft into the form and closes, or keeps the dialog open with the empty message. */
  save(): void;
  /** Closes, leaving the form as it was. */
  cancel(): void;
}

/**
 * The headless side of the template popup: the draft lives here until Save hands it to `write` (the widget's
 * `onChange`), so Cancel changes nothing in the form.
 */
export function useTemplatePopup(
  value: unknown,
  empty: string,
  write: (text: string) => void,
): TemplatePopupController {
  const [state, setState] = useState<TemplatePopupState>(null);
  return {
    state,
    show: () => setState({ draft: typeof value === 'string' ? value : '' }),
    // The refusal goes once there is text again, as a form field's message does.
    edit: (text) => setState((now) => ({ draft: text, ...(now?.error && text.trim() === '' && { error: now.error }) })),
    save: () => {
      if (!state) return;
      const outcome = savePopupDraft(state.draft, empty);
      if ('error' in outcome) {
        setState({ draft: state.draft, error: outcome.error });
        return;
      }
      write(outcome.value);
      setState(null);
    },
    cancel: () => setState(null),
  };
}
