import { FormTools } from './FormTools';
import type { FormCheck, FormPart, FormPartProps, FormPartView, FormTool } from './types';
import { useFormCheck } from './useFormCheck';

type Data = Record<string, unknown>;

/**
 * A question put to the server as the form is filled in (creating only): once the check's `input` gives a call for
 * the data so far, its answer may refuse the combination (shown in the form, Submit disabled) or fill in values (e.g.
 * a default text). Asked again whenever that call changes (`useFormCheck`).
 */
export function formCheck<D extends Data>(check: FormCheck<D>): FormPart<D> {
  return (form) => {
    const checked = useFormCheck(check, form.formData, form.ctx, form.editing, form.fill);
    return { alert: checked.error, blocksSubmit: Boolean(checked.error) };
  };
}

/** Buttons beside Submit that send the form data elsewhere and show the answer in a dialog (a preview, a send test). */
export function formTools<D extends Data>(tools: readonly FormTool<D>[]): FormPart<D> {
  return (form) => ({
    buttons: <FormTools tools={tools} formData={form.formData} ctx={form.ctx} disabled={form.submitting} />,
  });
}

/** Runs a form's parts in their order (each may use hooks: a form's parts stay the same from render to render). */
export function useFormParts(parts: readonly FormPart<Data>[] | undefined, form: FormPartProps<Data>): FormPartView[] {
  return (parts ?? []).map((part) => part(form));
}
