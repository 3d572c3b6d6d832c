import type { ApConfigWrite } from '../repos/ap-config-repository';
import { apConfigRepository } from '../repos/ap-config-repository';
import type { Queryable } from '../store/store';

/**
 * Demo AP configs of Hindustan Unilever (1002, its CBDT id): one of each type, the exception charges for its
 * transporter partner VRL (2001). Tata Steel (1001) has none, so its list starts empty.
 */
export async function seedApConfigs(q: Queryable): Promise<void> {
  const configs: ApConfigWrite[] = [
    {
      cbdt_id: 1002,
      partner_cbdt_id: 0,
      type: 'DESK',
      value: { desk: 'ap-west', approvers: ['finance.west@hul.example'], autoApproveBelow: 5000 },
    },
    {
      cbdt_id: 1002,
      partner_cbdt_id: 0,
      type: 'SETTINGS',
      value: { invoiceCycle: 'MONTHLY', gstInclusive: true, paymentTermsDays: 45 },
    },
    {
      cbdt_id: 1002,
      partner_cbdt_id: 2001,
      type: 'EXCEPTION_CHARGES',
      value: { detention: { freeHours: 6, perHour: 300 }, loadingDelay: { perHour: 150 }, currency: 'INR' },
    },
  ];
  for (const config of configs) await apConfigRepository.insert(q, '1002', config, 'ops@demo.local');
}
