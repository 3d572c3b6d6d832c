import { ClearOutlined, CloudUploadOutlined, DeleteOutlined, FileExcelOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Popconfirm, Typography, Upload } from 'antd';
import jspreadsheet from 'jspreadsheet-ce';
import 'jspreadsheet-ce/dist/jspreadsheet.css';
import 'jsuites/dist/jsuites.css';
import { useEffect, useRef } from 'react';
import { feedback } from '../feedback';
import { useKeepQuery } from '../useKeepQuery';
import type { SheetConfig } from '../types';
import { SUCCESS, type Grid } from './sheetModel';
import { rowLimitText, useSheetController, type SheetGrid } from './useSheetController';
import './sheet.css';

const STATUS_TITLE = 'Status';

/** The jspreadsheet worksheet behind {@link SheetGrid}: data columns, then a read-only status column coloured by outcome. */
function mountGrid(element: HTMLDivElement, config: SheetConfig, onEdited: () => void): SheetGrid {
  const width = config.columns.length;
  const blank = (): string[] => Array.from({ length: width + 1 }, () => '');
  const capacity = config.maxRows + config.spareRows;
  let sheet: jspreadsheet.WorksheetInstance | undefined;

  const paint = (y: number, text: string) => {
    const name = jspreadsheet.helpers.getCellNameFromCoords(width, y);
    const color = text === '' ? 'inherit' : text === SUCCESS ? '#389e0d' : '#cf1322';
    sheet?.setStyle({ [name]: `color: ${color}; font-weight: ${text === '' ? 'normal' : '600'}` }, null, null, true);
  };
  const setStatus = (y: number, text: string) => {
    sheet?.setValueFromCoords(width, y, text, true);
    paint(y, text);
  };
  const rowCount = () => sheet?.getData().length ?? 0;
  /** A last guard after any change (pastes are already cut in onbeforepaste): rows past the limit go, with a warning. */
  const enforceLimit = () => {
    const extra = rowCount() - capacity;
    if (extra > 0) {
      sheet?.deleteRow(capacity, extra);
      feedback.warning(rowLimitText(config.maxRows));
    }
  };

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
        freezeColumns: Math.min(3, width),
        allowInsertColumn: false,
        allowManualInsertColumn: false,
        allowDeleteColumn: false,
        allowRenameColumn: false,
        columnDrag: false,
        columnSorting: false,
        columns: [
          ...config.columns.map((c) => ({ title: c.title ?? c.key, width: c.width ?? 140, type: 'text' as const })),
          // Long server messages wrap inside the status cell rather than being cut off.
          { title: STATUS_TITLE, width: 320, type: 'text' as const, readOnly: true, wordWrap: true },
        ],
      },
    ],
    onbeforeinsertrow: (_instance, rows) => (rowCount() + rows.length > capacity ? false : undefined),
    // A pasted block is cut to the data columns and to the rows left before the limit (with a warning), so
    // nothing spills into the status column or overwrites the last rows.
    onbeforepaste: (_instance, copied, x, y) => {
      const room = config.maxRows - Number(y);
      const block = copied.map((row) => row.slice(0, Math.max(0, width - Number(x))).map((cell) => cell.value));
      if (block.length > room) feedback.warning(rowLimitText(config.maxRows));
      if (room <= 0 || block[0]?.length === 0) return false;
      // jspreadsheet pastes the rows returned here instead of the copied ones (its typing says string).
      return block.slice(0, Math.max(0, room)) as unknown as string;
    },
    onchange: (_instance, _cell, x, y) => {
      // An edited row is no longer what the server answered about: its status clears.
      if (Number(x) < width && String(sheet?.getValueFromCoords(width, Number(y)) ?? '') !== '') setStatus(Number(y), '');
    },
    onafterchanges: () => {
      enforceLimit();
      onEdited();
    },
    ondeleterow: () => onEdited(),
  })[0];

  const replace = (rows: Grid) => {
    const fit = (row: readonly string[]) => Array.from({ length: width + 1 }, (_, x) => (x < width ? (row[x] ?? '') : ''));
    const data = [...rows.map(fit), ...Array.from({ length: Math.max(config.spareRows, 10 - rows.length) }, blank)];
    sheet?.setData(data);
    sheet?.resetStyle(Object.fromEntries(data.map((_, y) => [jspreadsheet.helpers.getCellNameFromCoords(width, y), ''])));
  };

  return {
    read: () => (sheet?.getData() ?? []).map((row) => row.map((cell) => String(cell ?? ''))),
    load: replace,
    setStatus,
    revealStatus: () => {
      const content = element.querySelector<HTMLElement>('.jss_content');
      if (content) content.scrollLeft = content.scrollWidth;
    },
    deleteRows: (indices) => {
      for (const y of indices) sheet?.deleteRow(y, 1);
    },
    clear: () => replace([]),
  };
}

/** A bulk sheet: format link, import, Submit, Remove Success (after a success), Reset, and the spreadsheet itself. */
export function SheetView({ config }: { config: SheetConfig }) {
  const host = useRef<HTMLDivElement>(null);
  const grid = useRef<SheetGrid | null>(null);
  const sheet = useSheetController(config, grid);
  const { recount } = sheet;
  const { go } = useKeepQuery();

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    grid.current = mountGrid(element, config, recount);
    return () => {
      grid.current = null;
      jspreadsheet.destroy(element as unknown as jspreadsheet.JspreadsheetInstanceElement, true);
    };
  }, [config, recount]);

  return (
    <Card
      title={config.title}
      extra={
        config.format && (
          <Typography.Link onClick={() => void sheet.downloadFormat()}>
            <FileExcelOutlined /> {config.format.label}
          </Typography.Link>
        )
      }
    >
      <Flex vertical gap="middle">
        <Flex gap="small" wrap align="center">
          <Upload accept=".xlsx,.xls,.csv" showUploadList={false} maxCount={1} beforeUpload={(file) => (void sheet.importFile(file), false)}>
            <Button icon={<UploadOutlined />} disabled={sheet.busy}>
              Import file
            </Button>
          </Upload>
          <Button type="primary" icon={<CloudUploadOutlined />} loading={sheet.busy} onClick={() => void sheet.submit()}>
            Submit
          </Button>
          {sheet.saved > 0 && (
            <Button icon={<DeleteOutlined />} disabled={sheet.busy} onClick={sheet.removeSuccess}>
              Remove Success
            </Button>
          )}
          <Popconfirm title="Clear every row of the sheet?" okText="Yes" cancelText="No" onConfirm={sheet.reset}>
            <Button danger icon={<ClearOutlined />} disabled={sheet.busy}>
              Reset
            </Button>
          </Popconfirm>
          {config.back && <Button onClick={() => go(config.back!)}>Back</Button>}
          <Typography.Text type="secondary">
            Type, paste from a spreadsheet or import a file; up to {config.maxRows} rows.
          </Typography.Text>
        </Flex>
        <div ref={host} className="lego-sheet" data-testid="sheet" />
      </Flex>
    </Card>
  );
}
