import { Button, Flex, Modal, Spin, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { callEndpoint, endpoint } from '../../engine/data/endpoint';
import { feedback } from '../../engine/feedback';
import { STALE_RECORD } from '../../engine/data/http';
import { configCopyCalls, type Comparison, type CopyItem, type CopyPreview } from '../../schemas/api/config-copy';
import { FieldChanges } from './SideBySide';
import { ProposeModal } from '../changes/ProposeModal';
import { COPY_RESOURCE } from '../../schemas/proposal';
import { CONFIG_AREAS, type ConfigArea, type CopyAction } from '../../schemas/config-copy';

const previewCall = endpoint(configCopyCalls.copyPreview);
const applyCall = endpoint(configCopyCalls.copyApply);

/** How each action is shown. */
const ACTIONS: Record<CopyAction, { color: string; text: string }> = {
  create: { color: 'blue', text: 'Create' },
  overwrite: { color: 'magenta', text: 'Overwrite' },
  skip: { color: 'default', text: 'Same: skipped' },
  refuse: { color: 'red', text: 'Cannot copy' },
};

type Side = Comparison['left'];
const sideName = (side: Side) => `${side.companyName}${side.branchName ? ` · ${side.branchName}` : ''}`;

/**
 * The preview of a copy (a dry run: nothing is written): what each chosen item will do in the target (create,
 * overwrite with the fields it changes, skip, or why it cannot be copied), then Apply, which writes exactly that in
 * one transaction. When the configuration changed meanwhile the server refuses the apply (412) and the preview is
 * read again.
 */
export function CopyPreviewModal({
  source,
  target,
  items,
  onClose,
}: {
  source: Side;
  target: Side;
  items: { area: ConfigArea; key: string }[];
  onClose(copied: boolean): void;
}) {
  const [preview, setPreview] = useState<CopyPreview | null>(null);
  const [applying, setApplying] = useState(false);
  /** 'Propose copy': the copy stored for review in the target company instead of applied (issue 39). */
  const [proposing, setProposing] = useState(false);
  const body = { c: source.companyId, b: source.branchId, tc: target.companyId, tb: target.branchId, items };
  const bodyKey = JSON.stringify(body);
  /** Bumped to read the preview again (after a refused apply). */
  const [reading, setReading] = useState(0);
  useEffect(() => {
    let live = true;
    setPreview(null);
    void callEndpoint(previewCall, { body: JSON.parse(bodyKey) }).then((result) => {
      if (!live) return;
      if (result.ok && result.data) {
        setPreview(result.data);
        if (reading > 0) feedback.info('The configuration changed meanwhile: this is the copy as it would be now');
      } else onClose(false);
    });
    return () => {
      live = false;
    };
  }, [bodyKey, reading, onClose]);

  const writes = preview?.items.filter((item) => item.action === 'create' || item.action === 'overwrite') ?? [];
  const count = (action: CopyAction) => preview?.items.filter((item) => item.action === action).length ?? 0;

  async function apply() {
    if (!preview) return;
    setApplying(true);
    const result = await callEndpoint(applyCall, { body: { ...body, token: preview.token } });
    setApplying(false);
    if (result.ok) {
      feedback.success(`Copied to ${sideName(target)}: ${count('create')} created, ${count('overwrite')} overwritten`);
      onClose(true);
    } else if (result.status === STALE_RECORD) setReading((n) => n + 1);
  }

  return (
    <Modal
      open
      width={900}
      title={`Copy ${sideName(source)} → ${sideName(target)}: preview`}
      onCancel={() => onClose(false)}
      footer={
        <Flex gap="small" justify="flex-end">
          <Button onClick={() => onClose(false)}>Cancel</Button>
          <Button disabled={writes.length === 0} onClick={() => setProposing(true)}>
            Propose copy
          </Button>
          <Button type="primary" disabled={writes.length === 0} loading={applying} onClick={() => void apply()}>
            Apply copy ({writes.length})
          </Button>
        </Flex>
      }
    >
      {!preview ? (
        <Spin aria-label="Previewing the copy" />
      ) : (
        <Flex vertical gap="middle">
          <Typography.Text>
            Nothing has been written yet. Applying writes {count('create')} new, overwrites {count('overwrite')}, skips{' '}
            {count('skip')} already the same
            {count('refuse') > 0 ? ` and leaves out ${count('refuse')} that cannot be copied` : ''}, all at once or not
            at all.
          </Typography.Text>
          <Table<CopyItem>
            size="small"
            rowKey={(item) => `${item.area}\u0000${item.key}`}
            dataSource={preview.items}
            pagination={preview.items.length > 15 ? { pageSize: 15, showSizeChanger: false } : false}
            columns={[
              { title: 'Area', dataIndex: 'area', width: 190, render: (area: ConfigArea) => CONFIG_AREAS[area].label },
              { title: 'Item', dataIndex: 'label', ellipsis: true },
              {
                title: 'What happens',
                dataIndex: 'action',
                width: 140,
                render: (action: CopyAction) => <Tag color={ACTIONS[action].color}>{ACTIONS[action].text}</Tag>,
              },
              {
                title: 'Why / fields',
                render: (_, item) =>
                  item.reason ??
                  (item.changes.length > 0 ? `${item.changes.length} field${item.changes.length > 1 ? 's' : ''}` : '—'),
              },
            ]}
            expandable={{
              rowExpandable: (item) => item.changes.length > 0,
              expandedRowRender: (item) => (
                <FieldChanges changes={item.changes} now={`Now in ${target.companyName}`} after="After the copy" />
              ),
            }}
          />
        </Flex>
      )}
      {proposing && (
        <ProposeModal
          scope={{
            companyId: target.companyId,
            companyName: target.companyName,
            branchId: target.branchId ?? undefined,
          }}
          title={`Copy from ${sideName(source)}`}
          summary={`This copy into ${sideName(target)} (${count('create')} new, ${count('overwrite')} overwritten) is proposed for ${target.companyName}, as previewed here.`}
          items={[
            { resource: COPY_RESOURCE, action: 'create', body: { c: source.companyId, b: source.branchId, items } },
          ]}
          onClose={(proposed) => {
            setProposing(false);
            if (proposed) onClose(false);
          }}
        />
      )}
    </Modal>
  );
}
