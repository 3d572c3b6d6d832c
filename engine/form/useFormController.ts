import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams, useLocation } from 'react-router';
import { useSWRConfig } from 'swr';
import type { ErrorSchema } from '@rjsf/utils';
import { MSG } from '../../schemas/messages';
import { callEndpoint } from '../data/endpoint';
import { STALE_RECORD } from '../data/http';
import { isRecord } from '../data/pick';
import { useRecord } from '../data/useEndpoint';
import { feedback } from '../feedback';
import type { Scope } from '../scope/scope';
import { useScope } from '../scope/useScope';
import type { ConfigContext } from '../types';
import type { FailureDisplay, FormConfig, PendingSave, SaveFailure } from './types';

type Data = Record<string, unknown>;

/** Builds the body of a submission when the config does not: the form data itself. */
const defaultSubmission = (formData: Data) => ({ body: formData });

/**
 * State and actions of a form screen without UI: loads the record being edited, builds the payload,
 * saves through the create or update call, toasts, refreshes lists and navigates after saving. A save of a
 * loaded record sends the ETag it was read with; when someone else changed the record meanwhile the server
 * refuses it (412) and `conflict` holds the text to show beside a 'Reload' (`reload`) that loads their version.
 */
export function useFormController(config: FormConfig, options: { record?: Data; onSaved?: () => void } = {}) {
  const [scope] = useScope();
  const params = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { mutate } = useSWRConfig();
  // The edit path's parameter (`:id`, or a name of the spec's such as `:customerConfigId`) says a record is edited.
  const idParam = config.editPath?.match(/:([A-Za-z]+)/)?.[1] ?? 'id';
  const editing = Boolean(options.record) || Boolean(params[idParam] && config.editPath);
  // What the link that opened the form handed it (react-router's `state`), when it is an object.
  const linkState = isRecord(location.state) ? location.state : null;
  const row = options.record;
  const ctx: ConfigContext = useMemo(
    () => ({ scope, params, state: linkState ?? undefined, row }),
    [scope, params, linkState, row],
  );
  // A list row handed to a quick-edit modal is read again when the form can load it: the row may be old, and the
  // read brings the ETag the save sends back.
  const byScope = Boolean(config.load?.byScope);
  const needsLoad =
    (editing || byScope) && Boolean(config.load) && Boolean(scope.companyId || config.requiresCompany === false);
  const loaded = useRecord(config.load?.endpoint, config.load ? config.load.input(ctx) : {}, needsLoad);

  /** The record in a load's answer (the config's `pick` of it), or the row while there is none. */
  const recordOf = useCallback(
    (data: unknown): Data | undefined => {
      const found =
        data === undefined || data === null ? row : config.load?.pick ? (config.load.pick(data) ?? row) : data;
      return isRecord(found) ? found : undefined;
    },
    [row, config.load],
  );
  const record = useMemo(() => recordOf(loaded.data?.data), [recordOf, loaded.data]);
  const etag = loaded.data?.etag;

  const [formData, setFormData] = useState<Data>({});
  const fill = useCallback(
    (next: Data | undefined) => {
      if (next) setFormData(config.toForm ? config.toForm(next) : next);
    },
    [config],
  );
  useEffect(() => fill(record), [record, fill]);
  // A setting of the scope (`load.byScope`): no company or a failed read empties the form; a read without a record
  // fills it from an empty one (values off or empty).
  const hasCompany = Boolean(scope.companyId);
  useEffect(() => {
    if (!byScope) return;
    if (!hasCompany || loaded.error) setFormData({});
    else if (loaded.data && record === undefined) fill({});
  }, [byScope, hasCompany, loaded.error, loaded.data, record, fill]);
  /** The refusal of a stale save, shown until the operator reloads or dismisses it. */
  const [conflict, setConflict] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const { mutate: reread } = loaded;
  /** Loads the record again and puts it in the form (replacing the operator's unsaved changes), with its new ETag. */
  const reload = useCallback(async () => {
    setReloading(true);
    const fresh = await reread();
    setReloading(false);
    setConflict(null);
    // Set explicitly: SWR keeps the old object when the answer looks the same, and the form holds the operator's edits.
    fill(recordOf(fresh?.data));
  }, [reread, fill, recordOf]);
  useEffect(() => {
    if (loaded.error && config.load) feedback.error(config.load.error);
  }, [loaded.error, config.load]);

  const [submitting, setSubmitting] = useState(false);
  /** A refusal the screen shows inside the form (`onFailure`'s `show.inForm`), until the form changes or is sent again. */
  const [refusal, setRefusal] = useState<string | null>(null);
  /** Server refusals shown under their fields (`messages.fieldOf`), as rjsf's extra errors, until the form changes. */
  const [fieldErrors, setFieldErrors] = useState<ErrorSchema | undefined>(undefined);
  /** Whether a submit has been tried (the view validates live from then on). */
  const [tried, setTried] = useState(false);
  /** The save Submit would send for `data`, not sent (a form part's 'Propose change'); null when it may not go. */
  const pendingSave = useCallback(
    async (data: Data): Promise<PendingSave | null> => {
      if (config.local || !scopeReady(config, scope)) return null;
      const looked = await readLookup(config, scope);
      if (!looked.ok) return null;
      const submission = (config.toSubmission ?? defaultSubmission)(data, {
        ...ctx,
        lookup: looked.lookup,
        editing,
        record,
      });
      const { submit: calls } = config;
      return {
        endpoint: editing && calls.update ? calls.update : calls.create,
        input: { scope, ...submission, ifMatch: editing ? etag : undefined },
        editing,
        record,
      };
    },
    [config, scope, ctx, editing, record, etag],
  );
  const submit = useCallback(
    async (data: Data) => {
      // A local form (no save calls) sends nothing.
      if (config.local || !scopeReady(config, scope)) return false;
      const looked = await readLookup(config, scope);
      if (!looked.ok) return false;
      const submitCtx = { ...ctx, lookup: looked.lookup, editing, record };
      const submission = (config.toSubmission ?? defaultSubmission)(data, submitCtx);
      const { submit: calls, messages } = config;
      setSubmitting(true);
      setRefusal(null);
      setFieldErrors(undefined);
      const ifMatch = editing ? etag : undefined;
      // A screen that shows its refusals its own way (`onFailure`) gets them untoasted; refusals about one field go
      // under it (`fieldOf`), not into a toast.
      const fieldOf = messages.fieldOf ?? {};
      const result = await callEndpoint(
        editing && calls.update ? calls.update : calls.create,
        { scope, ...submission, ifMatch },
        { quiet: Boolean(config.onFailure), unnotified: Object.keys(fieldOf) },
      );
      if (!result.ok) {
        setSubmitting(false);
        const underFields = result.messages.filter((text) => fieldOf[text]);
        if (underFields.length > 0) setFieldErrors(errorsUnder(underFields.map((text) => [fieldOf[text], text])));
        if (result.status === STALE_RECORD && ifMatch) setConflict(result.messages[0] ?? MSG.staleRecord);
        else showFailure(config, { ...result, error: errorText(config, editing), underFields }, setRefusal);
        return false;
      }
      const refused = config.refusal?.(result.data);
      const saved = !refused && (await (config.afterSave?.(data, submitCtx) ?? true));
      setSubmitting(false);
      if (refused) feedback.error(refused);
      if (!saved) return false;
      feedback.success(successText(config, editing, ctx, result.messages[0]));
      await mutate(() => true);
      options.onSaved?.();
      if (config.after) navigate({ pathname: config.after, search: location.search });
      else if (!editing && !byScope) {
        // Cleared for the next entry, and pristine again: quiet until its own first submit (no 'Please enter …').
        setFormData({});
        setTried(false);
      }
      return true;
    },
    [config, scope, ctx, editing, byScope, record, etag, mutate, options, navigate, location.search],
  );

  return {
    scope,
    editing,
    tried,
    setTried,
    ready: config.requiresCompany === false || Boolean(scope.companyId),
    loading: needsLoad && loaded.isLoading,
    title: editing ? (config.title.edit ?? config.title.create) : config.title.create,
    /** Where the page's Back goes: the config's `back`, else the list it returns to after saving (`after`). */
    backTo: config.back ?? config.after,
    submitLabel: editing ? (config.submitLabel?.edit ?? 'Update') : (config.submitLabel?.create ?? 'Submit'),
    record,
    formData,
    /** Sets the form data (as the operator changes it): a refusal shown in the form goes. */
    setFormData: (next: Data) => {
      setFormData(next);
      setRefusal(null);
      setFieldErrors(undefined);
    },
    /** Merges values into the form data as it stands (a form part's fill-in, e.g. a default text): nothing is cleared. */
    merge: (values: Data) => setFormData((current) => ({ ...current, ...values })),
    submitting,
    /** The refusal shown inside the form (see `FormConfig.onFailure`), or null. */
    refusal,
    /** The server's refusals under their fields (see `messages.fieldOf`). */
    fieldErrors,
    /** The context the config's functions receive. */
    ctx,
    submit,
    pendingSave,
    /** The call Save makes (the update's when editing); none for a local form. */
    saveCall: config.local ? undefined : editing && config.submit.update ? config.submit.update : config.submit.create,
    conflict,
    dismissConflict: () => setConflict(null),
    reload,
    reloading,
  };
}

/** Whether the scope lets the form save: a company (unless not required) and what `scopeNeeds` asks; else toasted. */
function scopeReady(config: FormConfig, scope: Scope): boolean {
  if (config.requiresCompany !== false && !scope.companyId) {
    feedback.error(config.companyMessage ?? MSG.selectCompany);
    return false;
  }
  const needs = config.scopeNeeds?.(scope);
  if (typeof needs === 'object') feedback.info(needs.text);
  else if (needs) feedback.error(needs);
  return !needs;
}

/** The value of the config's `lookup`, read before saving (its failure toasted); none without a lookup. */
async function readLookup(config: FormConfig, scope: Scope): Promise<{ ok: boolean; lookup?: string }> {
  if (!config.lookup) return { ok: true };
  const looked = await callEndpoint(config.lookup.endpoint, { scope });
  if (!looked.ok) feedback.error(config.lookup.error);
  return looked.ok ? { ok: true, lookup: config.lookup.pick(looked.data) } : { ok: false };
}

/** The success toast: the server's own message when the config prefers it and there is one, else the config's. */
function successText({ messages }: FormConfig, editing: boolean, ctx: ConfigContext, server: string | undefined) {
  const text = editing ? (messages.updated ?? messages.created) : messages.created;
  return (messages.preferServer && server) || (typeof text === 'function' ? text(ctx) : text);
}

/** The config's error text for a failed create or update. */
const errorText = ({ messages }: FormConfig, editing: boolean) =>
  editing ? (messages.updateError ?? messages.createError) : messages.createError;

/**
 * Shows a refused save: the screen's way (`onFailure`) when it takes it, else the engine's: the server's messages
 * (toasted by the HTTP helper unless the call was quiet), then the config's error unless the server's words suffice.
 */
function showFailure(config: FormConfig, failure: SaveFailure, inForm: (text: string) => void): void {
  const show: FailureDisplay = { inForm, toast: (text, seconds) => feedback.error(text, seconds) };
  if (config.onFailure?.(failure, show)) return;
  const said = failure.messages.filter((text) => !failure.underFields.includes(text));
  if (config.onFailure) for (const text of said) show.toast(text);
  if (!(config.messages.preferServer && failure.messages.length > 0)) show.toast(failure.error);
}

/** rjsf's error schema of `[field path, text]` pairs (a dotted path names a nested field). */
export function errorsUnder(pairs: readonly (readonly [string, string])[]): ErrorSchema {
  const root: ErrorSchema = {};
  for (const [path, text] of pairs) {
    let node = root;
    for (const key of path.split('.')) {
      const child: ErrorSchema = node[key] ?? {};
      node[key] = child;
      node = child;
    }
    node.__errors = [...(node.__errors ?? []), text];
  }
  return root;
}
