import { Alert } from 'antd';
import type { ReactNode } from 'react';
import { MSG } from '../../schemas/messages';

/** Shows 'Select a company to continue' instead of the children until a company is chosen. */
export function CompanyGate({ ready, children }: { ready: boolean; children: ReactNode }) {
  if (!ready) return <Alert type="info" showIcon title={MSG.selectCompany} data-testid="company-gate" />;
  return <>{children}</>;
}
