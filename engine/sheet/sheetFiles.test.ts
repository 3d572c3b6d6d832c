import * as XLSX from '@e965/xlsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendInChunks } from './bulkSubmit';
import { csvCell, toCsv } from './csvExport';
import { clearDraft, draftKey, loadDraft, saveDraft, type DraftStorage } from './drafts';
import { checkFile, parseTable } from './parseTable';
import { readTable } from './workbook';

const limits = { types: ['xlsx', 'csv'] as const, maxMb: 1, maxRows: 3 };
const bytes = (text: string) => new TextEncoder().encode(text);

describe('reading a file within limits', () => {
  it('refuses other types and files over the size limit before reading', () => {
    expect(checkFile('a.xls', 10, limits)).toBe('File must be xlsx or csv');
    expect(checkFile('a.txt', 10, limits)).toBe('File must be xlsx or csv');
    expect(checkFile('a.CSV', 1024 * 1024 + 1, limits)).toBe('File too large (max 1 MB)');
    expect(checkFile('a.xlsx', 1024 * 1024, limits)).toBeNull();
  });

  it('keeps the cap plus a header of non-blank rows and says more were there', () => {
    const out = parseTable(XLSX, bytes('h1,h2\n1,a\n\n2,b\n3,c\n4,d\n'), 'a.csv', limits);
    expect(out).toEqual({
      ok: true,
      truncated: true,
      rows: [
        ['h1', 'h2'],
        ['1', 'a'],
        ['2', 'b'],
        ['3', 'c'],
      ],
    });
    expect(parseTable(XLSX, bytes('1,a\n'), 'a.csv', limits)).toEqual({
      ok: true,
      truncated: false,
      rows: [['1', 'a']],
    });
  });

  it('keeps csv text as typed and every digit of a workbook number', () => {
    expect(parseTable(XLSX, bytes('=1+1,08:30,007\n'), 'a.csv', limits)).toMatchObject({
      rows: [['=1+1', '08:30', '007']],
    });
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([[123456789012345, 'x']]), 'S');
    const xlsx = new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
    expect(parseTable(XLSX, xlsx, 'b.xlsx', limits)).toEqual({
      ok: true,
      truncated: false,
      rows: [['123456789012345', 'x']],
    });
  });

  it('says a damaged workbook could not be read', () => {
    expect(parseTable(XLSX, bytes('not a zip'), 'c.xlsx', limits)).toEqual({
      ok: false,
      message: 'c.xlsx could not be read as a spreadsheet (xlsx, csv)',
    });
    expect(parseTable(XLSX, bytes('x'.repeat(1024 * 1024 + 1)), 'big.csv', limits)).toEqual({
      ok: false,
      message: 'File too large (max 1 MB)',
    });
  });
});

/** A storage like the browser's, which can be made to refuse writes as a full quota does. */
function memoryStorage(full = false): DraftStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => {
      if (full) throw new DOMException('quota', 'QuotaExceededError');
      items.set(k, v);
    },
    removeItem: (k) => void items.delete(k),
  };
}

describe('drafts', () => {
  it('are kept per screen and company, without trailing blank rows, and restored fitted to the sheet', () => {
    const storage = memoryStorage();
    const key = draftKey('/alert-settings/upload', '1001');
    expect(key).not.toBe(draftKey('/alert-settings/upload', '1002'));
    expect(
      saveDraft(storage, key, [
        ['1001', 'a', 'Success'],
        ['', 'b', ''],
        ['', '', ''],
        [' ', '', ''],
      ]),
    ).toBe(true);
    expect(loadDraft(storage, key, 3, 600)).toEqual([
      ['1001', 'a', 'Success'],
      ['', 'b', ''],
    ]);
    expect(loadDraft(storage, key, 2, 1)).toEqual([['1001', 'a']]);
    expect(loadDraft(storage, draftKey('/alert-settings/upload', '1002'), 3, 600)).toBeNull();
    clearDraft(storage, key);
    expect(loadDraft(storage, key, 3, 600)).toBeNull();
  });

  it('report a refused write and ignore what is not a draft', () => {
    expect(saveDraft(memoryStorage(true), 'k', [['a']])).toBe(false);
    const storage = memoryStorage();
    for (const junk of ['{', '"text"', '{"v":1,"rows":[[1,2]]}', '{"v":2,"rows":[["a"]]}', '{"v":1,"rows":"a"}']) {
      storage.items.set('k', junk);
      expect(loadDraft(storage, 'k', 2, 10)).toBeNull();
    }
  });
});

describe('CSV export', () => {
  it('turns cells a spreadsheet would run as formulas into text', () => {
    for (const cell of ['=HYPERLINK("http://x")', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx'])
      expect(csvCell(cell).replace(/^"/, '').startsWith("'")).toBe(true);
    expect(csvCell('Pune')).toBe('Pune');
    expect(csvCell('12.5')).toBe('12.5');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(
      toCsv(
        ['Code', 'Address'],
        [
          ['c1', 'Plot 4, "MIDC"'],
          ['=cmd', 'a\nb'],
        ],
      ),
    ).toBe('Code,Address\r\nc1,"Plot 4, ""MIDC"""\r\n\'=cmd,"a\nb"\r\n');
  });
});

describe('bulk submit', () => {
  const rows = Array.from({ length: 5 }, (_, index) => ({ index: index * 2, values: { n: String(index) } }));

  it('sends rows in chunks and maps each answer back to its rows', async () => {
    const sizes: number[] = [];
    const answered: number[] = [];
    const out = await sendInChunks(
      rows,
      2,
      'failed',
      async (chunk) => {
        sizes.push(chunk.length);
        return {
          ok: true,
          outcomes: chunk.map((r) => (r.values.n === '3' ? { ok: false, message: 'exists' } : { ok: true })),
          message: `saved ${chunk.length}`,
        };
      },
      (count) => answered.push(count),
    );
    expect(sizes).toEqual([2, 2, 1]);
    // The progress after each call: rows answered so far.
    expect(answered).toEqual([2, 4, 5]);
    expect([...out.statuses]).toEqual([
      [0, 'Success'],
      [2, 'Success'],
      [4, 'Success'],
      [6, 'exists'],
      [8, 'Success'],
    ]);
    expect(out.saved.map((r) => r.index)).toEqual([0, 2, 4, 8]);
    expect(out.messages).toEqual(['saved 2', 'saved 2', 'saved 1']);
  });

  it('stops at a refused call, marking its rows and leaving the later ones unsent', async () => {
    let calls = 0;
    const out = await sendInChunks(rows, 2, 'No row was saved', async () =>
      ++calls === 2 ? { ok: false } : { ok: true, outcomes: [{ ok: true }, { ok: true }] },
    );
    expect(calls).toBe(2);
    expect([...out.statuses]).toEqual([
      [0, 'Success'],
      [2, 'Success'],
      [4, 'No row was saved'],
      [6, 'No row was saved'],
    ]);
    expect(out.refused).toEqual({ message: undefined });
  });
});

describe('the parsing worker', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** A Worker that takes the request and answers only when told, recording whether it was stopped. */
  function fakeWorker(answer?: unknown) {
    const made: { terminated: boolean; request?: unknown }[] = [];
    class FakeWorker {
      onmessage: ((event: { data: unknown }) => void) | null = null;
      onerror: ((event: { preventDefault(): void }) => void) | null = null;
      state = { terminated: false } as { terminated: boolean; request?: unknown };
      constructor() {
        made.push(this.state);
      }
      postMessage(request: unknown) {
        this.state.request = request;
        if (answer !== undefined) queueMicrotask(() => this.onmessage?.({ data: answer }));
      }
      terminate() {
        this.state.terminated = true;
      }
    }
    vi.stubGlobal('Worker', FakeWorker);
    return made;
  }

  it('is stopped after the time limit, with a message', async () => {
    vi.useFakeTimers();
    const made = fakeWorker();
    const reading = readTable(new File(['a,b\n'], 'slow.csv'), { ...limits, types: ['csv'] }, 1000);
    await vi.waitFor(() => expect(made).toHaveLength(1));
    vi.advanceTimersByTime(1000);
    expect(await reading).toEqual({ ok: false, message: 'The file took too long to read' });
    expect(made[0].terminated).toBe(true);
  });

  it("hands back the worker's answer and stops it; a refused file never starts one", async () => {
    const made = fakeWorker({ ok: true, rows: [['a']], truncated: false });
    expect(await readTable(new File(['a\n'], 'ok.csv'), { ...limits, types: ['csv'] }, 1000)).toEqual({
      ok: true,
      rows: [['a']],
      truncated: false,
    });
    expect(made[0]).toMatchObject({ terminated: true, request: { name: 'ok.csv', limits: { maxRows: 3 } } });
    expect(await readTable(new File(['a'], 'a.xls'), limits, 1000)).toEqual({
      ok: false,
      message: 'File must be xlsx or csv',
    });
    expect(made).toHaveLength(1);
  });
});
