import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams, useLocation } from 'react-router';
import { useSWRConfig } from 'swr';
import type { ErrorSchema } from '@rjsf/utils';
import { MSG } from '../../schemas/messages';
import { callEndpoint } from '../data/endpoint';
import { STALE_RECORD } from '../data/http';
import { useRecord } from '../data/useEndpoint';
import { feedback } from '../feedback';
import { useScope } from '../scope/useScope';
import type { ConfigContext, FormConfig } from '../types';
import { useFormCheck } from './useFormCheck';

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
  const linkState = location.state as Record<string, unknown> | null;
  const row = options.record;
  const ctx: ConfigContext = useMemo(() => ({ scope, params, state: linkState ?? undefined, row }), [scope, params, linkState, row]);
  // A list row handed to a quick-edit modal is read again when the form can load it: the row may be old, and the
  // read brings the ETag the save sends back.
  const byScope = Boolean(config.load?.byScope);
  const needsLoad = (editing || byScope) && Boolean(config.load) && Boolean(scope.companyId || config.requiresCompany === false);
  const loaded = useRecord<unknown>(config.load?.endpoint, config.load ? config.load.input(ctx) : {}, needsLoad);

  /** The record in a load's answer (the config's `pick` of it), or the row while there is none. */
  const recordOf = useCallback(
    (data: unknown) => (data === undefined || data === null ? row : config.load?.pick ? (config.load.pick(data) ?? row) : data) as Data | undefined,
    [row, config.load],
  );
  const record = useMemo(() => recordOf(loaded.data?.data), [recordOf, loaded.data]);
  const etag = loaded.data?.etag;

  const [formData, setFormData] = useState<Data>({});
  const fill = useCallback((next: Data | undefined) => {
    if (next) setFormData(config.toForm ? config.toForm(next) : next);
  }, [config]);
  useEffect(() => fill(record), [record, fill]);
  // A setting of the scope (`load.byScope`): no company or a failed read empties the form; a read without a record
  // fills it from an empty one (values off or empty).
  const hasCompany = Boolean(scope.companyId);
  useEffect(() => {
    if (!byScope) return;
    if (!hasCompany || loaded.error) setFormData({});
    else if (loaded.data && record === undefined) fill({});
  }, [byScope, hasCompany, loaded.error, loaded.data, record, fill]);
  // The config's question to the server as the form is filled in (see `FormConfig.check`).
  const checked = useFormCheck(config.check, formData, ctx, editing, (values) => setFormData((current) => ({ ...current, ...values })));

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
  /** A refusal the config shows inside the form (`messages.inForm`), until the form changes or is sent again. */
  const [refusal, setRefusal] = useState<string | null>(null);
  /** Server refusals shown under their fields (`messages.fieldOf`), as rjsf's extra errors, until the form changes. */
  const [fieldErrors, setFieldErrors] = useState<ErrorSchema | undefined>(undefined);
  /** Whether a submit has been tried (the view validates live from then on). */
  const [tried, setTried] = useState(false);
  const submit = useCallback(
    async (data: Data) => {
      // A local form (no save calls) sends nothing.
      if (config.local) return false;
      const { submit: calls, messages } = config;
      if (config.requiresCompany !== false && !scope.companyId) {
        feedback.error(config.companyMessage ?? MSG.selectCompany);
        return false;
      }
      const needs = config.scopeNeeds?.(scope);
      if (needs) {
        if (config.scopeNeedsTone === 'info') feedback.info(needs);
        else feedback.error(needs);
        return false;
      }
      let lookup: string | undefined;
      if (config.lookup) {
        const looked = await callEndpoint(config.lookup.endpoint, { scope });
        if (!looked.ok) {
          feedback.error(config.lookup.error);
          return false;
        }
        lookup = config.lookup.pick(looked.data);
      }
      const submission = (config.toSubmission ?? defaultSubmission)(data, { ...ctx, lookup, editing, record });
      const endpoint = editing && calls.update ? calls.update : calls.create;
      setSubmitting(true);
      setRefusal(null);
      setFieldErrors(undefined);
      const ifMatch = editing ? etag : undefined;
      // Refusals shown in the form are not toasted too: the call is quiet, and other refusals are toasted below.
      const inForm = messages.inForm;
      const firstOnly = messages.firstServerMessage;
      const fieldOf = messages.fieldOf;
      // Refusals about one field go under it (`fieldOf`), not into a toast.
      const unnotified = fieldOf ? Object.keys(fieldOf) : undefined;
      const result = await callEndpoint(endpoint, { scope, ...submission, ifMatch }, { quiet: Boolean(inForm || firstOnly), unnotified });
      setSubmitting(false);
      if (!result.ok && fieldOf) {
        const placed = result.messages.filter((text) => fieldOf[text]);
        if (placed.length > 0) setFieldErrors(errorsUnder(placed.map((text) => [fieldOf[text], text])));
      }
      if (!result.ok && inForm?.[result.status]) {
        setRefusal(inForm[result.status]!);
        return false;
      }
      if (!result.ok && inForm && result.status !== STALE_RECORD) result.messages.forEach((text) => feedback.error(text));
      if (!result.ok && result.status === STALE_RECORD && ifMatch) {
        setConflict(result.messages[0] ?? MSG.staleRecord);
        return false;
      }
      if (!result.ok && firstOnly) {
        const explained = (result.body as { success?: unknown } | null)?.success === false && result.messages.length > 0;
        // Shown under its field already.
        if (explained && fieldOf?.[result.messages[0]]) return false;
        const generic = editing ? (messages.updateError ?? messages.createError) : messages.createError;
        feedback.error(explained ? result.messages[0] : generic, firstOnly.seconds);
        return false;
      }
      if (!result.ok) {
        // The HTTP layer toasts each message of a refusal; a screen showing the server's own words adds nothing then.
        // So does a form with in-form refusals (its other refusals' messages were toasted just above).
        if (!((messages.preferServer || inForm) && result.messages.length > 0)) {
          feedback.error(editing ? (messages.updateError ?? messages.createError) : messages.createError);
        }
        return false;
      }
      const refused = config.refusal?.(result.data);
      if (refused) {
        feedback.error(refused);
        return false;
      }
      if (config.alsoSubmit) {
        setSubmitting(true);
        const also = await callEndpoint(config.alsoSubmit.endpoint, { scope, ...config.alsoSubmit.input(data, { ...ctx, editing }) });
        setSubmitting(false);
        if (!also.ok) return false;
      }
      const fallback = editing ? (messages.updated ?? messages.created) : messages.created;
      feedback.success((messages.preferServer && result.messages[0]) || (typeof fallback === 'function' ? fallback(ctx) : fallback));
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
    submitting,
    /** The refusal shown inside the form (see `messages.inForm`), or null. */
    refusal,
    /** The server's refusals under their fields (see `messages.fieldOf`). */
    fieldErrors,
    /** The check's refusal of the data so far (see `FormConfig.check`): shown in the form, Submit disabled. */
    checkError: checked.error,
    /** The context the config's functions receive. */
    ctx,
    submit,
    conflict,
    dismissConflict: () => setConflict(null),
    reload,
    reloading,
  };
}

/** rjsf's error schema of `[field path, text]` pairs (a dotted path names a nested field). */
export function errorsUnder(pairs: readonly (readonly [string, string])[]): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const [path, text] of pairs) {
    let node = root;
    for (const key of path.split('.')) node = (node[key] ??= {}) as Record<string, unknown>;
    ((node.__errors ??= []) as string[]).push(text);
  }
  return root as ErrorSchema;
}
