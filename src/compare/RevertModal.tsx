import { Alert, Flex, Modal, Segmented, Spin, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { mutate } from 'swr';
import { callEndpoint, endpoint } from '../../engine/data/endpoint';
import { feedback } from '../../engine/feedback';
import type { RowModalProps } from '../../engine/list/rowActionTypes';
import { useScope } from '../../engine/scope/useScope';
import { configCopyCalls, type RevertItem, type RevertPreview } from '../../schemas/api/config-copy';
import type { AuditEntry } from '../../schemas/audit';
import { FieldChanges } from './SideBySide';

const previewCall = endpoint(configCopyCalls.revertPreview);
const revertCall = endpoint(configCopyCalls.revert);

/** What a revert does to a record, as shown. */
const ACTIONS: Record<RevertItem['action'], { color: string; text: string }> = {
  delete: { color: 'red', text: 'Delete (it was created)' },
  restore: { color: 'magenta', text: 'Put back' },
  recreate: { color: 'blue', text: 'Re-create (it was deleted)' },
};

/** Whether the one entry or its whole change set is reverted. */
type Reach = 'entry' | 'set';

/**
 * The Audit Log's Revert: first what reverting the entry (or the change set it belongs to: a copy, a revert) will
 * write, record by record; then Revert writes it in one transaction, itself audited. The server refuses, and this
 * says why, when a record changed after the entry (who changed it and when).
 */
export default function RevertModal({ row, onClose }: RowModalProps<AuditEntry>) {
  const [scope] = useScope();
  const [reach, setReach] = useState<Reach>('entry');
  const [preview, setPreview] = useState<RevertPreview | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const body = {
    c: scope.companyId ?? '',
    b: scope.branchId,
    ...(reach === 'set' && row.changeSet ? { changeSet: row.changeSet } : { entry: row.id }),
  };
  const bodyKey = JSON.stringify(body);

  useEffect(() => {
    let live = true;
    setPreview(null);
    setRefusal(null);
    void callEndpoint(previewCall, { body: JSON.parse(bodyKey) }, { quiet: true }).then((result) => {
      if (!live) return;
      if (result.ok && result.data) setPreview(result.data);
      else setRefusal(result.messages.join(' ') || 'The revert could not be prepared');
    });
    return () => {
      live = false;
    };
  }, [bodyKey]);

  async function revert() {
    if (!preview) return;
    setBusy(true);
    const result = await callEndpoint(revertCall, { body: { ...body, token: preview.token } }, { quiet: true });
    setBusy(false);
    if (!result.ok) {
      setRefusal(result.messages.join(' ') || 'The revert failed: nothing was changed');
      return;
    }
    feedback.success(`Reverted: ${preview.items.length} record${preview.items.length > 1 ? 's' : ''} put back`);
    // The audit log (and any list showing the records) reads again.
    void mutate(() => true);
    onClose();
  }

  return (
    <Modal
      open
      width={860}
      title={reach === 'set' ? `Revert the change set of change #${row.id}` : `Revert change #${row.id}`}
      okText="Revert"
      okButtonProps={{ disabled: !preview || refusal !== null, loading: busy, danger: true }}
      onOk={revert}
      onCancel={onClose}
    >
      <Flex vertical gap="middle">
        {row.changeSet && (
          <Segmented<Reach>
            aria-label="What to revert"
            value={reach}
            onChange={setReach}
            options={[
              { value: 'entry', label: 'This change' },
              { value: 'set', label: 'Its whole change set' },
            ]}
          />
        )}
        {refusal && <Alert type="error" showIcon title={refusal} />}
        {!preview && !refusal && <Spin aria-label="Preparing the revert" />}
        {preview && !refusal && (
          <>
            <Typography.Text>
              Nothing has been written yet. Revert writes the following in one step, recorded in the audit log.
            </Typography.Text>
            <Table<RevertItem>
              size="small"
              rowKey="entry"
              dataSource={preview.items}
              pagination={false}
              columns={[
                { title: 'Object', dataIndex: 'objectName', width: 170 },
                { title: 'Object Id', dataIndex: 'objectId', ellipsis: true },
                {
                  title: 'Revert',
                  dataIndex: 'action',
                  width: 210,
                  render: (action: RevertItem['action']) => (
                    <Tag color={ACTIONS[action].color}>{ACTIONS[action].text}</Tag>
                  ),
                },
              ]}
              expandable={{
                defaultExpandAllRows: preview.items.length <= 3,
                rowExpandable: (item) => item.changes.length > 0,
                expandedRowRender: (item) => <FieldChanges changes={item.changes} now="Now" after="After the revert" />,
              }}
            />
          </>
        )}
      </Flex>
    </Modal>
  );
}
