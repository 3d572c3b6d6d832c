import { InfoCircleFilled } from '@ant-design/icons';
import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';
import { MSG } from '../../schemas/messages';

/**
 * Shows 'Select a company to continue' instead of the children until a company is chosen, then what else the
 * screen needs of the scope (`needs`, e.g. 'Please select a consignor to proceed') until that is chosen too.
 */
export function CompanyGate({ ready, needs, children }: { ready: boolean; needs?: string; children: ReactNode }) {
  if (!ready) return <Note text={MSG.selectCompany} testId="company-gate" />;
  if (needs) return <Note text={needs} testId="scope-gate" />;
  return <>{children}</>;
}

/**
 * An info note drawn as antd's info Alert is, from the theme's tokens: the Alert component itself (2.7 KB gzip) would
 * load with every list page, which shows this note only until a company is chosen.
 */
function Note({ text, testId }: { text: string; testId: string }) {
  const { token } = theme.useToken();
  return (
    <Flex
      role="status"
      align="center"
      gap={token.marginXS}
      data-testid={testId}
      style={{
        padding: `${token.paddingXS}px ${token.paddingContentHorizontalLG}px`,
        background: token.colorInfoBg,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorInfoBorder}`,
        borderRadius: token.borderRadiusLG,
        color: token.colorText,
        lineHeight: token.lineHeight,
      }}
    >
      <InfoCircleFilled style={{ color: token.colorInfo }} aria-hidden />
      <span>{text}</span>
    </Flex>
  );
}
