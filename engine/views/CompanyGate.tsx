import { Alert } from 'antd';
import type { ReactNode } from 'react';
import { MSG } from '../../schemas/messages';

/**
 * Shows 'Select a company to continue' instead of the children until a company is chosen, then what else the
 * screen needs of the scope (`needs`, e.g. 'Please select a consignor to proceed') until that is chosen too.
 */
export function CompanyGate({ ready, needs, children }: { ready: boolean; needs?: string; children: ReactNode }) {
  if (!ready) return <Alert type="info" showIcon title={MSG.selectCompany} data-testid="company-gate" />;
  if (needs) return <Alert type="info" showIcon title={needs} data-testid="scope-gate" />;
  return <>{children}</>;
}
