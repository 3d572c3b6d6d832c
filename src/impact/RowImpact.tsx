import { Alert, Button, Flex, InputNumber, Switch, Typography } from 'antd';
import { useMemo, useState } from 'react';
import type { RowModalProps } from '../../engine/list/rowActionTypes';
import { useScope } from '../../engine/scope/useScope';
import { alertRowOfConfig, IMPACT_SETTINGS, withSettingCells } from '../../schemas/alert-impact';
import { ProposeModal } from '../changes/ProposeModal';
import { alertType } from '../../screens/trip-replay/track';
import { ImpactPreviewModal, notComputed } from './ImpactPreview';

/** A list row's 'Preview impact': the alert's settings that its computation reads, and its switch, to try in place. */
export default function RowImpact({ row, onClose }: RowModalProps) {
  const [scope] = useScope();
  // The alert list's row (schemas/resources/alerts.ts): its alert, settings text, switch and branch.
  const featureKey = String(row.featureKey ?? '');
  const extraContext = String(row.extraContext ?? '');
  const stored = useMemo(() => alertRowOfConfig(featureKey, extraContext), [featureKey, extraContext]);
  const settings = IMPACT_SETTINGS[featureKey];
  const [enabled, setEnabled] = useState(row.enabled === true);
  const [edits, setEdits] = useState<Record<string, number>>({});
  const name = alertType(featureKey).label;
  const proposal = useMemo(() => ({ rows: [{ enabled, values: { ...stored, ...edits } }] }), [enabled, stored, edits]);
  const [proposing, setProposing] = useState(false);
  // What differs from the stored config: the switch, and each setting changed (issue 39 proposes exactly that).
  const changed =
    enabled !== (row.enabled === true) || Object.entries(edits).some(([key, value]) => stored[key] !== value);
  const editor = settings ? (
    <Flex vertical gap="small">
      <Flex gap="small" align="center">
        <Switch checked={enabled} onChange={setEnabled} aria-label="Enabled" />
        <Typography.Text>Enabled</Typography.Text>
      </Flex>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: 12 }}>
        {settings.map((setting) => {
          const was = stored[setting.key];
          const id = `impact-${setting.key}`;
          return (
            <Flex key={setting.key} vertical gap={2}>
              <label htmlFor={id}>{setting.label}</label>
              <InputNumber
                id={id}
                min={0}
                max={100_000}
                value={edits[setting.key] ?? (typeof was === 'number' ? was : null)}
                placeholder="default"
                suffix={setting.unit}
                style={{ width: '100%' }}
                disabled={!enabled}
                onChange={(value) =>
                  setEdits(({ [setting.key]: _, ...rest }) =>
                    typeof value === 'number' ? { ...rest, [setting.key]: value } : rest,
                  )
                }
              />
              {was !== undefined && edits[setting.key] !== undefined && edits[setting.key] !== was && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  Saved: {String(was)} {setting.unit}
                </Typography.Text>
              )}
            </Flex>
          );
        })}
      </div>
    </Flex>
  ) : (
    <Alert type="info" showIcon title={notComputed(name)} />
  );
  return (
    <>
      <ImpactPreviewModal
        title={`Preview impact: ${name}${typeof row.branchId === 'string' ? ` (branch ${row.branchId})` : ''}`}
        proposal={settings ? proposal : null}
        scope={scope}
        editor={editor}
        actions={
          <Button disabled={!changed} onClick={() => setProposing(true)}>
            Propose change
          </Button>
        }
        onClose={onClose}
      />
      {proposing && (
        <ProposeModal
          title={`${name}: new settings${typeof row.branchId === 'string' ? ` (branch ${row.branchId})` : ''}`}
          summary={`The alert's switch and settings as tried here are proposed for ${name}.`}
          items={[
            {
              resource: 'alerts',
              action: 'update',
              id: String(row.id),
              body: { featureKey, enabled, extraContext: withSettingCells(extraContext, edits) },
            },
          ]}
          onClose={(proposed) => {
            setProposing(false);
            if (proposed) onClose();
          }}
        />
      )}
    </>
  );
}
