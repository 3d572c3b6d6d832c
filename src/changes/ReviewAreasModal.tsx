import { Alert, Checkbox, Flex, Modal, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { mutate } from 'swr';
import { callEndpoint, endpoint } from '../../engine/data/endpoint';
import { feedback } from '../../engine/feedback';
import { useScope } from '../../engine/scope/useScope';
import { deskTime } from '../../engine/timeZone';
import { proposalCalls } from '../../schemas/api/proposals';
import { PROPOSAL_MSG } from '../../schemas/proposal';
import { useReviewAreas } from './reviewAreas';

const setAreasCall = endpoint(proposalCalls.setReviewAreas);

/**
 * 'Review settings' (issue 39): the areas whose changes the company reviews. For those the server refuses a save
 * (whoever sends it) and the change is proposed instead; the other areas save at once as before.
 */
export function ReviewAreasModal({ onClose }: { onClose(): void }) {
  const [scope] = useScope();
  const read = useReviewAreas(scope);
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const areas = read.data ?? [];
  useEffect(() => {
    if (read.data && chosen === null) setChosen(read.data.filter((area) => area.required).map((area) => area.resource));
  }, [read.data, chosen]);

  async function save() {
    setBusy(true);
    const result = await callEndpoint(setAreasCall, { scope, body: { areas: chosen ?? [] } }, { quiet: true });
    setBusy(false);
    if (!result.ok) {
      setRefusal(result.messages.join(' ') || 'The review settings could not be saved');
      return;
    }
    feedback.success(PROPOSAL_MSG.areasSet);
    void mutate(() => true);
    onClose();
  }

  return (
    <Modal
      open
      title={`Review settings: ${scope.companyName ?? scope.companyId ?? ''}`}
      okText="Save"
      okButtonProps={{ loading: busy, disabled: chosen === null }}
      onOk={() => void save()}
      onCancel={onClose}
    >
      <Flex vertical gap="middle">
        <Typography.Text>
          Changes to the areas ticked here are proposed and reviewed by a second desk before they apply. The server
          refuses a direct save of them from any screen, upload or API call.
        </Typography.Text>
        {refusal && <Alert type="error" showIcon title={refusal} />}
        {read.isLoading && <Spin aria-label="Loading the review settings" />}
        {read.error && <Alert type="error" showIcon title={read.error.message} />}
        {chosen !== null && (
          <Checkbox.Group
            value={chosen}
            onChange={(values) => setChosen(values.map(String))}
            aria-label="Areas reviewed"
          >
            <Flex vertical gap={6}>
              {areas.map((area) => (
                <Checkbox key={area.resource} value={area.resource}>
                  {area.title}
                  {area.required && area.setByName && area.setAt !== null && (
                    <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineStart: 8 }}>
                      since {deskTime(area.setAt)}, by {area.setByName}
                    </Typography.Text>
                  )}
                </Checkbox>
              ))}
            </Flex>
          </Checkbox.Group>
        )}
      </Flex>
    </Modal>
  );
}
