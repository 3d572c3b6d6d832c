import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { changesScreen } from '../../screens/changes';
import { proposalCalls, type Proposal, type ProposalChange } from '../../schemas/api/proposals';
import { at, consoleApi, tataSteel } from '../stories/fixtures';
import { fixtureKey, ok, type ApiRequest } from '../stories/storyApi';
import { ChangesView } from './ChangesView';

/** 1 December 2026, 09:30 IST, and the times after it the fixtures name. */
const T0 = Date.UTC(2026, 11, 1, 4, 0);

/** A proposal of Tata Steel's as the API answers it. */
const proposal = (overrides: Partial<Proposal>): Proposal => ({
  id: 'prp_story',
  title: 'Long stoppage level 1 at three hours',
  comment: 'Drivers rest longer on the new Jamshedpur lanes',
  state: 'proposed',
  branchId: null,
  departmentId: null,
  items: [
    {
      resource: 'alerts',
      action: 'update',
      id: 'alc_1001_long_stoppage',
      version: 1,
      body: {
        featureKey: 'long_stoppage',
        enabled: true,
        extraContext: '[{"ticketing":{"raise_ticket":true},"longstoppage_l1":{"short":180,"mid":180,"long":180}}]',
      },
    },
  ],
  proposedBy: 'usr_ops',
  proposedByName: 'Priya Sharma',
  proposedAt: T0,
  decidedBy: null,
  decidedByName: null,
  decidedAt: null,
  decisionComment: null,
  applyAt: null,
  appliedAt: null,
  changeSet: null,
  error: null,
  ...overrides,
});

const proposals: Proposal[] = [
  proposal({}),
  proposal({
    id: 'prp_holi',
    title: 'No alerts on Holi',
    comment: '',
    proposedBy: 'usr_ops2',
    proposedByName: 'Meera Nair',
    proposedAt: T0 - 3_600_000,
    items: [{ resource: 'holidays', action: 'update', id: 'hol_tsl_holi', version: 1, body: { noAlerts: true } }],
  }),
  proposal({
    id: 'prp_sched',
    title: 'Night driving from 22:00',
    state: 'scheduled',
    decidedBy: 'usr_ops2',
    decidedByName: 'Meera Nair',
    decidedAt: T0 - 1_800_000,
    applyAt: T0 + 14.5 * 3_600_000,
    proposedAt: T0 - 7_200_000,
  }),
];

const changes: ProposalChange[] = [
  {
    item: 0,
    resource: 'Alert settings',
    action: 'update',
    record: 'Long stoppage',
    fields: [
      { field: 'Settings: longstoppage_l1.short', before: '30', after: '180' },
      { field: 'Settings: longstoppage_l1.mid', before: '60', after: '180' },
      { field: 'Settings: longstoppage_l1.long', before: '120', after: '180' },
    ],
  },
];

const changesApi = {
  ...consoleApi,
  [fixtureKey(proposalCalls.list)]: ({ query }: ApiRequest) => {
    const state = query.get('state');
    const shown = proposals.filter((p) => !state || p.state === state);
    return { ...ok(shown), total: shown.length };
  },
  [fixtureKey(proposalCalls.get)]: ({ params }: ApiRequest) =>
    ok({ proposal: proposals.find((p) => p.id === params.id) ?? proposals[0], changes }),
  [fixtureKey(proposalCalls.waiting)]: ok({ review: 1, approved: 0 }),
  [fixtureKey(proposalCalls.reviewAreas)]: ok(
    ['Alert settings', 'Auto closure', 'Holiday Calendar', 'Notification configurations'].map((title, i) => ({
      resource: ['alerts', 'autoClosure', 'holidays', 'notifications'][i],
      title,
      required: i === 0,
      setByName: i === 0 ? 'Meera Nair' : null,
      setAt: i === 0 ? T0 - 86_400_000 : null,
    })),
  ),
};

const meta = {
  title: 'Screens/Changes',
  component: ChangesView,
  args: { config: changesScreen },
  parameters: { route: at('/changes', tataSteel), api: changesApi },
} satisfies Meta<typeof ChangesView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The proposals waiting for review in Tata Steel, newest first, with who proposed each and when (IST). */
export const WaitingForReview: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Long stoppage level 1 at three hours' })).toBeVisible();
    await expect(canvas.getByText('No alerts on Holi')).toBeVisible();
    await expect(canvas.getByText('2 proposals')).toBeVisible();
  },
};

/**
 * A proposal opened for review: each setting that changes, now and as proposed; the alert's impact on past trips a
 * click away; Approve or Reject with a comment.
 */
export const Review: Story = {
  parameters: { route: at('/changes', tataSteel, { proposal: 'prp_story' }) },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByText('Settings: longstoppage_l1.short')).toBeVisible();
    await expect(body.getByRole('button', { name: 'Approve' })).toBeVisible();
    await expect(body.getByRole('button', { name: 'Preview impact' })).toBeVisible();
  },
};

/** A scheduled proposal: when it applies (IST), and Apply now or Reschedule. */
export const Scheduled: Story = {
  parameters: { route: at('/changes', tataSteel, { proposal: 'prp_sched' }) },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByText(/applies at 02\/12\/2026 00:00 IST/)).toBeVisible();
    await expect(body.getByRole('button', { name: 'Reschedule' })).toBeVisible();
  },
};

/** The areas the company changes by review only, and who required each since when. */
export const ReviewSettings: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Review settings' }));
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByRole('checkbox', { name: /Alert settings/ })).toBeChecked();
    await expect(body.getByRole('checkbox', { name: 'Holiday Calendar' })).not.toBeChecked();
  },
};
