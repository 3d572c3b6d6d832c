import { Button, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { feedback } from '../../engine/feedback';
import type { FormPart, FormPartProps, PendingSave } from '../../engine/form/types';
import type { ConfigContext, FormData } from '../../engine/types';
import { isRecord } from '../../schemas/guards';
import type { ProposalItem } from '../../schemas/proposal';
import { useReviewAreas } from './reviewAreas';
import type { ReviewAreaState } from '../../schemas/api/proposals';

const ProposeModal = lazy(() => import('./ProposeModal').then((m) => ({ default: m.ProposeModal })));

/** The version an ETag names ('"3"' is 3), or undefined. */
const versionOf = (etag: string | undefined) => {
  const digits = etag?.match(/\d+/)?.[0];
  return digits === undefined ? undefined : Number(digits);
};

/**
 * The path parameters a save names: those its input fills, and those its endpoint fixed (a setting's screen is made
 * for one key: `…/:feature/add` is `…/map_view/add`).
 */
function paramsOf(save: PendingSave): Record<string, string | number | undefined> {
  const declared = save.endpoint.call?.path.split('/') ?? [];
  const filled = save.endpoint.path.split('/');
  const fixed = declared.flatMap((part, i) =>
    part.startsWith(':') && filled[i] !== part ? [[part.slice(1), decodeURIComponent(filled[i] ?? '')]] : [],
  );
  return { ...Object.fromEntries(fixed), ...save.input.params };
}

/** The record a save edits: the id its path or query names (a setting's key), else the loaded record's. */
function idOf(save: PendingSave): string | undefined {
  // A setting's path names its key alone (`:feature`): that names the record.
  const params = Object.values(paramsOf(save));
  const named = paramsOf(save).id ?? save.input.query?.id ?? (params.length === 1 ? params[0] : save.record?.id);
  return named === undefined || named === null ? undefined : String(named);
}

/** A save as Submit would send it, as the one change of a proposal of `area`. */
function itemOf(save: PendingSave, area: string): ProposalItem {
  const body = isRecord(save.input.body) ? save.input.body : {};
  // A setting's form creates while none is stored: its path's key names the one it makes.
  const params = Object.values(paramsOf(save));
  if (!save.editing) return { resource: area, action: 'create', body, ...(params.length === 1 && { id: params[0] }) };
  return { resource: area, action: 'update', id: idOf(save), version: versionOf(save.input.ifMatch), body };
}

/** What a form part's 'Propose change' proposes: the changes, or why the form cannot be proposed as it is. */
type Proposed = { items: ProposalItem[]; title: string; summary: string } | { refused: string } | null;

/**
 * 'Propose change' of a form, for `areaName` (a declared resource), proposing what `proposed` makes of the form as it
 * stands; where the company reviews that area, it stands for Save (which the server would refuse).
 */
function useProposeButton(
  form: Pick<FormPartProps, 'ctx' | 'submitting'>,
  areaName: string | undefined,
  proposed: (area: ReviewAreaState) => Promise<Proposed>,
) {
  const areas = useReviewAreas(form.ctx.scope);
  const [proposing, setProposing] = useState<Exclude<Proposed, null | { refused: string }> | null>(null);
  const area = areas.data?.find((candidate) => candidate.resource === areaName);
  if (!area) return {};
  const button = (
    <Button
      type={area.required ? 'primary' : 'default'}
      disabled={form.submitting}
      onClick={async () => {
        const made = await proposed(area);
        if (made && 'refused' in made) feedback.error(made.refused);
        else if (made) setProposing(made);
      }}
    >
      Propose change
    </Button>
  );
  return {
    replacesSubmit: area.required,
    buttons: (
      <>
        {area.required ? (
          <Tooltip title={`${area.title} of this company are changed by review: a second desk approves each change`}>
            {button}
          </Tooltip>
        ) : (
          button
        )}
        {proposing && (
          <Suspense fallback={null}>
            <ProposeModal
              items={proposing.items}
              title={proposing.title}
              summary={proposing.summary}
              onClose={() => setProposing(null)}
            />
          </Suspense>
        )}
      </>
    ),
  };
}

/**
 * 'Propose change' beside Save on every form whose save writes an area a proposal can change (issue 39): what Save
 * would send, stored for review instead. Where the company reviews that area, it stands for Save (which the server
 * would refuse).
 */
export const proposeChange: FormPart = (form) =>
  useProposeButton(form, form.saveCall?.call?.area, async (area) => {
    const save = await form.pendingSave();
    if (!save) return null;
    const what = form.editing ? 'change' : 'new record';
    return {
      items: [itemOf(save, area.resource)],
      title: `${area.title}: ${what}`,
      summary: `This ${what} of ${area.title} is proposed as Save would send it.`,
    };
  });

/**
 * 'Propose change' of a form whose save is no declared write (a bulk call of one row, e.g. a new alert config): the
 * changes `items` makes of the form's data, of `area`, or why they cannot be proposed (e.g. a row of another company).
 */
export function proposeAs<D extends FormData>(
  area: string,
  items: (formData: Partial<D>, ctx: ConfigContext) => ProposalItem[] | string,
  title: string,
): FormPart<D> {
  return (form) =>
    useProposeButton(form, area, async (reviewed) => {
      const made = items(form.formData, form.ctx);
      if (typeof made === 'string') return { refused: made };
      return { items: made, title, summary: `This change of ${reviewed.title} is proposed as Submit would send it.` };
    });
}
