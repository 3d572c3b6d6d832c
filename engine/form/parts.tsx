import { Button } from 'antd';
import { Suspense, useState } from 'react';
import { lazyOnce } from '../views/lazyOnce';
import { FormTools } from './FormTools';
import type { FormCheck, FormModal, FormModalProps, FormPart, FormPartProps, FormPartView, FormTool } from './types';
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

/**
 * A button beside Submit opening a modal on the form data as it stands (what Submit would send, before it is saved):
 * the modal's code loads when the button is first pressed, and the data is the button press's.
 */
export function formModal<D extends Data>(modal: FormModal<D>): FormPart<D> {
  return (form) => {
    const [shown, setShown] = useState<FormModalProps<D>['formData'] | null>(null);
    const Modal = lazyOnce(modal.component);
    return {
      buttons: (
        <>
          <Button disabled={form.submitting} onClick={() => setShown(form.formData)}>
            {modal.label}
          </Button>
          {shown && (
            <Suspense fallback={null}>
              <Modal formData={shown} ctx={form.ctx} onClose={() => setShown(null)} />
            </Suspense>
          )}
        </>
      ),
    };
  };
}

/** Runs a form's parts in their order (each may use hooks: a form's parts stay the same from render to render). */
export function useFormParts(parts: readonly FormPart<Data>[] | undefined, form: FormPartProps<Data>): FormPartView[] {
  return (parts ?? []).map((part) => part(form));
}
