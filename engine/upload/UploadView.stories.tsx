import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { bulkUpload } from '../../screens/bulk-upload';
import { batchCalls, type BatchCheck } from '../../schemas/api/batches';
import { NOTIFICATION_CONFIG_MSG } from '../../schemas/notification-config';
import { BULK_UPLOAD_MSG, type Batch } from '../../schemas/bulk-upload';
import { failure, fixtureKey, ok } from '../../src/stories/storyApi';
import { UploadView } from './UploadView';

/** A desk token whose payload names the entity (`deskId`); the view reads the claim, the story API checks nothing. */
const payload = btoa(JSON.stringify({ sub: 'usr_ops', deskId: 'desk-ops-01', exp: 4102444800 })).replace(/=+$/, '');
const storage = { deskToken: `e30.${payload}.story` };

const batch = (b: Partial<Batch> & Pick<Batch, 'id' | 'filename' | 'status'>): Batch => ({
  fteid: 'desk-ops-01',
  type: 'configurations',
  created_at: '2026-11-20T09:15:00.000Z',
  rows_total: 0,
  rows_done: 0,
  rows_failed: 0,
  result_url: null,
  messages: [],
  ...b,
});

/** Batches of the desk: one running, one done with failed rows, one failed as a whole. */
const BATCHES: Batch[] = [
  batch({
    id: '5f3c2a1b-7d4e-4c9a-9b1e-2f6a8c0d4e11',
    filename: 'north-region-sms.xlsx',
    status: 'RUNNING',
    created_at: '2026-11-24T06:40:00.000Z',
    rows_total: 1200,
    rows_done: 430,
    rows_failed: 3,
    result_url: '/v1/batch/5f3c2a1b-7d4e-4c9a-9b1e-2f6a8c0d4e11/result',
  }),
  batch({
    id: 'a81b9c2d-0e3f-4a5b-8c6d-7e8f9a0b1c2d',
    filename: 'webhooks-tata-steel.xlsx',
    status: 'DONE',
    created_at: '2026-11-22T11:05:00.000Z',
    rows_total: 64,
    rows_done: 64,
    rows_failed: 2,
    result_url: '/v1/batch/a81b9c2d-0e3f-4a5b-8c6d-7e8f9a0b1c2d/result',
  }),
  batch({
    id: 'c4d5e6f7-1a2b-4c3d-9e8f-0a1b2c3d4e5f',
    filename: 'contacts.csv',
    status: 'FAILED',
    messages: [BULK_UPLOAD_MSG.missingColumns(['Event Name', 'Mode'])],
  }),
];

/** What 'Check file' answers for a file of four rows: two OK, a mistyped event, the sample's example row kept. */
const CHECK: BatchCheck = {
  rows_total: 4,
  rows_failed: 2,
  rows: [
    { row_no: 1, ok: true, errors: [] },
    { row_no: 2, ok: false, errors: [NOTIFICATION_CONFIG_MSG.event] },
    { row_no: 3, ok: true, errors: [] },
    { row_no: 4, ok: false, errors: [BULK_UPLOAD_MSG.exampleRow] },
  ],
};

const meta = {
  title: 'Engine/Upload/UploadView',
  component: UploadView,
  args: { config: bulkUpload },
  parameters: {
    docs: {
      description: {
        component:
          'Draws an upload config: a single-file drop area, the sample file, Upload (which asks for an e-mail for the result), and the earlier batches with their progress and result files.',
      },
    },
    route: '/bulk-upload/configurations',
    path: '/bulk-upload/:component',
    storage,
    api: {
      [fixtureKey(batchCalls.list)]: ok(BATCHES),
      [fixtureKey(batchCalls.upload)]: ok(BATCHES[0]),
      [fixtureKey(batchCalls.check)]: ok(CHECK),
    },
  },
} satisfies Meta<typeof UploadView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Earlier batches with their progress, result files and a failed batch's reason; Upload without a file says so. */
export const WithBatches: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('430 of 1200 rows, 3 failed');
    await expect(canvas.getByText('2A1B-7D4')).toBeTruthy();
    await expect(canvas.getByText('24/11/2026', { exact: false })).toBeTruthy();
    await expect(canvas.getByText(BULK_UPLOAD_MSG.missingColumns(['Event Name', 'Mode']))).toBeTruthy();
    await userEvent.click(canvas.getByRole('button', { name: 'Upload' }));
    await screen.findByText(BULK_UPLOAD_MSG.noFile);
  },
};

/** No batch yet. */
export const Empty: Story = { parameters: { api: { [fixtureKey(batchCalls.list)]: ok([]) } } };

/** The list call refused: each message is shown as an error. */
export const ListFailed: Story = {
  parameters: { api: { [fixtureKey(batchCalls.list)]: failure(500, 'Something went wrong. Please try again') } },
};

/**
 * The upload dialog says what each button does: Cancel uploads nothing, 'Upload without e-mail' uploads at once,
 * 'Upload and e-mail me' asks for an address first.
 */
export const UploadChoices: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('430 of 1200 rows, 3 failed');
    const input = canvasElement.querySelector<HTMLInputElement>('input[type=file]');
    if (!input) throw new Error('no file input');
    const choose = () => userEvent.upload(input, new File(['Event Name,Mode'], 'rows.csv', { type: 'text/csv' }));
    await choose();
    await userEvent.click(canvas.getByRole('button', { name: 'Upload' }));
    let dialog = await screen.findByRole('dialog', { name: BULK_UPLOAD_MSG.modalTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload and e-mail me' }));
    await within(dialog).findByText(BULK_UPLOAD_MSG.email);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(canvas.getByText('rows.csv')).toBeTruthy();
    await userEvent.click(canvas.getByRole('button', { name: 'Upload' }));
    dialog = await screen.findByRole('dialog', { name: BULK_UPLOAD_MSG.modalTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload without e-mail' }));
    await screen.findByText(BULK_UPLOAD_MSG.uploaded);
  },
};

/**
 * 'Check file' asks for a file first; with one, it shows each row OK or with the errors the upload would give it,
 * saying nothing was stored, until another file is chosen.
 */
export const CheckFile: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('430 of 1200 rows, 3 failed');
    await userEvent.click(canvas.getByRole('button', { name: 'Check file' }));
    await screen.findByText(BULK_UPLOAD_MSG.noFile);
    // The drop area renders a new file input after each choice: it is looked up each time.
    const choose = async (name: string) => {
      const input = canvasElement.querySelector<HTMLInputElement>('input[type=file]');
      if (!input) throw new Error('no file input');
      await userEvent.upload(input, new File(['Event Name,Mode'], name, { type: 'text/csv' }));
    };
    await choose('rows.csv');
    await userEvent.click(canvas.getByRole('button', { name: 'Check file' }));
    await canvas.findByText('Check of rows.csv');
    await expect(canvas.getByText(BULK_UPLOAD_MSG.checked(4, 2))).toBeTruthy();
    await expect(canvas.getAllByText('OK')).toHaveLength(2);
    await expect(canvas.getByText(NOTIFICATION_CONFIG_MSG.event)).toBeTruthy();
    await expect(canvas.getByText(BULK_UPLOAD_MSG.exampleRow)).toBeTruthy();
    await choose('other.csv');
    await canvas.findByText('other.csv');
    await expect(canvas.queryByText('Check of rows.csv')).toBeNull();
  },
};
