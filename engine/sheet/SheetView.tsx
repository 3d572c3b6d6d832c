import {
  ClearOutlined,
  CloudUploadOutlined,
  DeleteOutlined,
  DownloadOutlined,
  FileExcelOutlined,
  SaveOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { Button, Card, Flex, Typography, Upload } from 'antd';
import jspreadsheet from 'jspreadsheet-ce';
import 'jspreadsheet-ce/dist/jspreadsheet.css';
import 'jsuites/dist/jsuites.css';
import { Suspense, useEffect, useRef, useState } from 'react';
import { lazyOnce } from '../views/lazyOnce';
import { feedback } from '../feedback';
import { useKeepQuery } from '../useKeepQuery';
import { ConfirmPopover } from '../views/ConfirmPopover';
import type { SheetConfig, SheetTool, SheetToolRow } from './types';
import { FILE_DEFAULTS } from '../sheetConfig';
import { applyPlan, planUpdate } from './gridUpdate';
import { SUCCESS, type Grid } from './sheetModel';
import { rowLimitText, useSheetController, type SheetGrid } from './useSheetController';
import { submitProgress } from './sheetText';
import './sheet.css';

/** Whether jspreadsheet has mounted a spreadsheet in the element (its `spreadsheet`, which `destroy` takes down). */
const isMounted = (element: HTMLDivElement): element is jspreadsheet.JspreadsheetInstanceElement =>
  'spreadsheet' in element;

/** `onbeforepaste` as jspreadsheet runs it: the rows returned are pasted instead of the copied ones; false pastes nothing. */
type PasteFilter = (
  instance: jspreadsheet.WorksheetInstance,
  copied: { value: jspreadsheet.CellValue }[][],
  x: number | string,
  y: number | string,
) => jspreadsheet.CellValue[][] | false | undefined;

/**
 * A paste filter as jspreadsheet's typing declares it, which says a filter returns a string where its code takes the
 * rows to paste: the one assertion here, of the library's own type.
 */
const pasteFilter = (filter: PasteFilter) => filter as NonNullable<jspreadsheet.SpreadsheetOptions['onbeforepaste']>;

/** The status column's header when the sheet names none. */
const STATUS_TITLE = 'Status';

/** The status cell's colour follows its text, set as the cell is drawn (a class, so a redraw of many rows costs no style calls). */
function paintStatus(td: HTMLTableCellElement | null, value: unknown) {
  if (!td) return;
  const text = String(value ?? '');
  td.classList.toggle('lego-sheet-ok', text === SUCCESS);
  td.classList.toggle('lego-sheet-error', text !== '' && text !== SUCCESS);
}

/** The jspreadsheet worksheet behind {@link SheetGrid}: data columns (hidden ones kept out of sight), then a read-only status column. */
function mountGrid(element: HTMLDivElement, config: SheetConfig, onEdited: () => void): SheetGrid {
  const width = config.columns.length;
  const blank = (): string[] => Array.from({ length: width + 1 }, () => '');
  const capacity = config.maxRows + config.spareRows;
  // A pasted block fills the columns up to the last visible one; hidden columns after it are the processors' to fill.
  const pasteWidth = config.columns.findLastIndex((c) => !c.hidden) + 1;
  let sheet: jspreadsheet.WorksheetInstance | undefined;

  const rowCount = () => sheet?.getData().length ?? 0;
  /** A last guard after any change (pastes are already cut in onbeforepaste): rows past the limit go, with a warning. */
  const enforceLimit = () => {
    const extra = rowCount() - capacity;
    if (extra > 0) {
      sheet?.deleteRow(capacity, extra);
      feedback.warning(rowLimitText(config.maxRows));
    }
  };

  let locked = false;
  sheet = jspreadsheet(element, {
    tabs: false,
    toolbar: false,
    about: false,
    // Operators paste data, not formulas: a cell starting with '=' stays text. jspreadsheet evaluates formulas with
    // eval, which the Content-Security-Policy forbids (and which would run whatever a pasted or imported cell says).
    parseFormulas: false,
    worksheets: [
      {
        minDimensions: [width + 1, 10],
        minSpareRows: config.spareRows,
        tableOverflow: true,
        tableHeight: '58vh',
        tableWidth: '100%',
        freezeColumns: Math.min(3, pasteWidth),
        allowInsertColumn: false,
        allowManualInsertColumn: false,
        allowDeleteColumn: false,
        allowRenameColumn: false,
        columnDrag: false,
        columnSorting: false,
        columns: [
          ...config.columns.map((c) => ({
            title: c.title ?? c.key,
            width: c.width ?? 140,
            type: c.hidden ? ('hidden' as const) : ('text' as const),
          })),
          // Long server messages wrap inside the status cell rather than being cut off.
          {
            title: config.statusTitle ?? STATUS_TITLE,
            width: 320,
            type: 'text' as const,
            readOnly: true,
            wordWrap: true,
            render: paintStatus,
          },
        ],
      },
    ],
    onbeforeinsertrow: (_instance, rows) => (locked || rowCount() + rows.length > capacity ? false : undefined),
    onbeforedeleterow: () => (locked ? false : undefined),
    // A pasted block is cut to the data columns and to the rows left before the limit (with a warning), so
    // nothing spills into the status column or overwrites the last rows.
    onbeforepaste: pasteFilter((_instance, copied, x, y) => {
      if (locked) return false;
      const room = config.maxRows - Number(y);
      const block = copied.map((row) => row.slice(0, Math.max(0, pasteWidth - Number(x))).map((cell) => cell.value));
      if (block.length > room) feedback.warning(rowLimitText(config.maxRows));
      if (room <= 0 || block[0]?.length === 0) return false;
      return block.slice(0, Math.max(0, room));
    }),
    onchange: (_instance, _cell, x, y) => {
      // An edited row is no longer what the server answered about: its status clears.
      if (Number(x) < width && String(sheet?.getValueFromCoords(width, Number(y)) ?? '') !== '')
        sheet?.setValueFromCoords(width, Number(y), '', true);
    },
    onafterchanges: () => {
      enforceLimit();
      onEdited();
    },
    ondeleterow: () => onEdited(),
  })[0];

  return {
    read: () => (sheet?.getData() ?? []).map((row) => row.map((cell) => String(cell ?? ''))),
    lock: (on: boolean) => {
      // jspreadsheet checks `editable` before every edit, paste, cut and key deletion; the context menu's row
      // insert and delete ask the hooks above.
      locked = on;
      if (sheet) sheet.options.editable = !on;
    },
    replace: (rows: Grid) => {
      const fit = (row: readonly string[]) => Array.from({ length: width + 1 }, (_, x) => row[x] ?? '');
      let end = Math.min(rows.length, capacity);
      while (end > 0 && rows[end - 1].every((cell) => !cell?.trim())) end--;
      const body = rows.slice(0, end).map(fit);
      const target = [...body, ...Array.from({ length: Math.max(config.spareRows, 10 - body.length) }, blank)];
      if (!sheet) return;
      // Rows taken out or cells rewritten (statuses) change the grid in place; anything else is one setData for the
      // whole sheet (jspreadsheet's deleteRow costs seconds for a few hundred rows: it relabels and measures per call).
      const current = sheet.getData().map((row) => row.map((cell) => String(cell ?? '')));
      if (!applyPlan(sheet, planUpdate(current, target), (x, td, value) => x === width && paintStatus(td, value)))
        sheet.setData(target);
    },
    revealStatus: () => {
      const content = element.querySelector<HTMLElement>('.jss_content');
      if (content) content.scrollLeft = content.scrollWidth;
    },
  };
}

/** A sheet tool's button: its modal opens on the rows as they are when it is pressed. */
function SheetToolButton({ tool, sheet }: { tool: SheetTool; sheet: ReturnType<typeof useSheetController> }) {
  const [rows, setRows] = useState<readonly SheetToolRow[] | null>(null);
  const Modal = lazyOnce(tool.component);
  return (
    <>
      <Button disabled={sheet.busy} onClick={() => setRows(sheet.toolRows())}>
        {tool.label}
      </Button>
      {rows && (
        <Suspense fallback={null}>
          <Modal rows={rows} ctx={sheet.ctx} onClose={() => setRows(null)} />
        </Suspense>
      )}
    </>
  );
}

/** A bulk sheet: format link, import, Submit, Remove Success (after a success), drafts, Download, Reset, and the spreadsheet itself. */
export function SheetView({ config }: { config: SheetConfig }) {
  const host = useRef<HTMLDivElement>(null);
  const grid = useRef<SheetGrid | null>(null);
  const sheet = useSheetController(config, grid);
  const { recount, restoreDraft } = sheet;
  const { go } = useKeepQuery();
  const types = config.files?.types ?? FILE_DEFAULTS.types;

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    grid.current = mountGrid(element, config, recount);
    return () => {
      grid.current = null;
      if (isMounted(element)) jspreadsheet.destroy(element, true);
    };
  }, [config, recount]);

  // After the grid is up, and again when the company changes: that company's draft, if the sheet is still empty.
  useEffect(() => restoreDraft(), [restoreDraft]);

  return (
    <Card
      title={config.title}
      style={{ minWidth: 0 }}
      extra={
        config.format && (
          // A button, not a link without an address, which Tab would pass over.
          <Button type="link" icon={<FileExcelOutlined />} onClick={() => void sheet.downloadFormat()}>
            {config.format.label}
          </Button>
        )
      }
    >
      <Flex vertical gap="middle">
        <Flex gap="small" wrap align="center">
          <Upload
            accept={types.map((t) => `.${t}`).join(',')}
            showUploadList={false}
            maxCount={1}
            beforeUpload={(file) => {
              void sheet.importFile(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} disabled={sheet.busy}>
              Import file
            </Button>
          </Upload>
          <Button
            type="primary"
            icon={<CloudUploadOutlined />}
            loading={sheet.busy}
            onClick={() => void sheet.submit()}
          >
            Submit
          </Button>
          {config.tools?.map((tool) => (
            <SheetToolButton key={tool.label} tool={tool} sheet={sheet} />
          ))}
          {sheet.progress && (
            <Typography.Text type="secondary" role="status">
              {submitProgress(sheet.progress.done, sheet.progress.total)}
            </Typography.Text>
          )}
          {sheet.saved > 0 && (
            // A link, as spec 000 section 4 calls it.
            <Button type="link" icon={<DeleteOutlined />} disabled={sheet.busy} onClick={sheet.removeSuccess}>
              Remove Success
            </Button>
          )}
          {config.draft && (
            <Button icon={<SaveOutlined />} disabled={sheet.busy} onClick={sheet.saveDraft}>
              Save Draft
            </Button>
          )}
          {config.export && (
            <Button icon={<DownloadOutlined />} onClick={sheet.exportCsv}>
              Download
            </Button>
          )}
          <ConfirmPopover title="Clear every row of the sheet?" okText="Yes" cancelText="No" onConfirm={sheet.reset}>
            <Button danger icon={<ClearOutlined />} disabled={sheet.busy}>
              Reset
            </Button>
          </ConfirmPopover>
          {config.back && <Button onClick={() => go(config.back!)}>Back</Button>}
          <Typography.Text type="secondary">
            Type, paste from a spreadsheet or import a file ({types.join(', ')}); up to {config.maxRows} rows.
          </Typography.Text>
        </Flex>
        <div ref={host} className="lego-sheet" data-testid="sheet" />
      </Flex>
    </Card>
  );
}
