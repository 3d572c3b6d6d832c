import { Button, Card, Flex, Select } from 'antd';
// The plain input alone: antd's `Input` export carries TextArea, Password, Search, OTP and Group, which the shell never shows.
import Input from 'antd/es/input/Input';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { feedback } from '../../engine/feedback';
import { hasUserFilters, isEditPath } from '../../engine/scope/scope';
import { useScope } from '../../engine/scope/useScope';
import { fetchConsignors, type Partner } from './lookups';
import { MAIN_KEYS, PartySelectors, RELATED_KEYS } from './PartySelectors';
import { POPUP_FIT_CONTENT } from './RemoteSearch';

/** Keeps digits only (User Id and Group Id accept numbers only). */
const digits = (text: string) => text.replace(/\D+/g, '');

/** The shared filter bar of spec 000 section 2.3; its state lives in the query string. */
export function FilterBar({ extra }: { extra?: ReactNode }) {
  const [scope, select, reset] = useScope();
  const { pathname } = useLocation();
  const disabled = isEditPath(pathname);
  const userFilters = hasUserFilters(pathname);
  const isTransporter = scope.companyType === 'TRANSPORTER';
  const [consignors, setConsignors] = useState<Partner[]>([]);

  useEffect(() => {
    let live = true;
    if (!scope.companyId || !isTransporter) return setConsignors([]);
    fetchConsignors(scope.companyId).then((found) => {
      if (!live) return;
      if (!found || found.length === 0) feedback.error('Consignors not found');
      setConsignors(found ?? []);
    });
    return () => {
      live = false;
    };
  }, [scope.companyId, isTransporter]);

  return (
    <Card size="small" styles={{ body: { padding: 12 } }}>
      <Flex wrap gap="small" align="center" role="search" aria-label="Filters">
        <PartySelectors scope={scope} select={select} keys={MAIN_KEYS} disabled={disabled} />
        {isTransporter && (
          <Select
            aria-label="Consignor"
            placeholder="Consignor"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            disabled={disabled}
            value={scope.consignorId}
            options={consignors.map((p) => ({ value: String(p.cbdt?.c ?? p.id), label: p.name }))}
            onChange={(value?: string) =>
              select({
                consignorId: value ?? '',
                consignorName: consignors.find((p) => String(p.cbdt?.c ?? p.id) === value)?.name ?? '',
              })
            }
            {...POPUP_FIT_CONTENT}
            style={{ width: 220 }}
          />
        )}
        {userFilters && (
          <>
            <Input
              aria-label="User Id"
              placeholder="User Id"
              inputMode="numeric"
              disabled={disabled}
              value={scope.uID ?? ''}
              onChange={(e) => select({ uID: digits(e.target.value) })}
              style={{ width: 110 }}
            />
            <Input
              aria-label="Group Id"
              placeholder="Group Id"
              inputMode="numeric"
              disabled={disabled}
              value={scope.gID ?? ''}
              onChange={(e) => select({ gID: digits(e.target.value) })}
              style={{ width: 110 }}
            />
          </>
        )}
        <Button onClick={reset} disabled={disabled}>
          Reset Filter
        </Button>
        {extra}
      </Flex>
      {userFilters && (
        <Flex wrap gap="small" align="center" style={{ marginTop: 8 }} aria-label="Related Party">
          <strong>Related Party</strong>
          <PartySelectors scope={scope} select={select} keys={RELATED_KEYS} disabled={disabled} prefix="Related " />
        </Flex>
      )}
    </Card>
  );
}
