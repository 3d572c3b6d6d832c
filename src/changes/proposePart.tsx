import { Button, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import type { FormPart, PendingSave } from '../../engine/form/types';
import { isRecord } from '../../schemas/guards';
import type { ProposalItem } from '../../schemas/proposal';
import { useReviewAreas } from './reviewAreas';

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

/**
 * 'Propose change' beside Save on every form whose save writes an area a proposal can change (issue 39): what Save
 * would send, stored for review instead. Where the company reviews that area, it stands for Save (which the server
 * would refuse).
 */
export const proposeChange: FormPart = (form) => {
  const areas = useReviewAreas(form.ctx.scope);
  const [proposing, setProposing] = useState<ProposalItem | null>(null);
  const area = areas.data?.find((candidate) => candidate.resource === form.saveCall?.call?.area);
  if (!area) return {};
  const button = (
    <Button
      type={area.required ? 'primary' : 'default'}
      disabled={form.submitting}
      onClick={async () => {
        const save = await form.pendingSave();
        if (save) setProposing(itemOf(save, area.resource));
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
              items={[proposing]}
              title={`${area.title}: ${form.editing ? 'change' : 'new record'}`}
              summary={`This ${form.editing ? 'change' : 'new record'} of ${area.title} is proposed as Save would send it.`}
              onClose={() => setProposing(null)}
            />
          </Suspense>
        )}
      </>
    ),
  };
};
