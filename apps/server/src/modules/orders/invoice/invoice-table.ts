import type { InvoiceDocument, InvoiceLine } from './invoice-document.ts';
import { colors, type Pdf, type TextStyle, useStyle } from './invoice-style.ts';
import type { InvoiceWording } from './invoice-texts.ts';

type ColumnKey = 'no' | 'item' | 'qty' | 'unit' | 'price' | 'vat' | 'amount';

interface Column {
  key: ColumnKey;
  /** Fixed width in points; the item column takes what the others leave. */
  width?: number;
  align: 'left' | 'right' | 'center';
}

const columns: Column[] = [
  { key: 'no', width: 26, align: 'center' },
  { key: 'item', align: 'left' },
  { key: 'qty', width: 40, align: 'right' },
  { key: 'unit', width: 34, align: 'center' },
  { key: 'price', width: 70, align: 'right' },
  { key: 'vat', width: 66, align: 'right' },
  { key: 'amount', width: 76, align: 'right' },
];

const padX = 4;
const padY = 5;
const indentStep = 12;
const body: TextStyle = { size: 8 };
const note: TextStyle = { size: 7, color: colors.muted };
const head: TextStyle = { font: 'bold', size: 8 };

/** One text block in a cell; a cell may stack a main value over a muted note. */
interface Piece {
  text: string;
  style: TextStyle;
}

type Cells = Record<ColumnKey, Piece[]>;

interface TableFrame {
  left: number;
  width: number;
  /** Lowest y a row may reach before the table continues on a new page. */
  bottom: number;
  /** Where the table resumes on a continuation page. */
  top: number;
}

/**
 * Draws the lines table from `y` and returns the y below it. Rows wrap long names; a row that
 * does not fit goes to a new page, which repeats the header so every page reads on its own.
 */
export function drawLinesTable(
  pdf: Pdf,
  options: { doc: InvoiceDocument; wording: InvoiceWording; y: number; frame: TableFrame },
): number {
  const { doc, wording, frame } = options;
  const widths = columnWidths(frame.width);
  const header = headerCells(wording);
  let y = drawRow(pdf, { cells: header, widths, frame, y: options.y, fill: colors.headerFill });

  numberLines(doc.lines).forEach(({ line, no }, index) => {
    const cells = lineCells(line, no, wording);
    const height = rowHeight(pdf, cells, widths, line.indent);
    if (y + height > frame.bottom) {
      pdf.addPage();
      y = drawRow(pdf, { cells: header, widths, frame, y: frame.top, fill: colors.headerFill });
    }
    const fill = index % 2 === 1 ? colors.stripeFill : undefined;
    y = drawRow(pdf, { cells, widths, frame, y, fill, indent: line.indent });
  });
  return y;
}

function columnWidths(total: number): Record<ColumnKey, number> {
  const fixed = columns.reduce((sum, column) => sum + (column.width ?? 0), 0);
  return Object.fromEntries(columns.map((c) => [c.key, c.width ?? total - fixed])) as Record<
    ColumnKey,
    number
  >;
}

// Products inside a set are numbered under the set ("1.1", "1.2") so top-level numbering stays gap-free.
function numberLines(lines: InvoiceLine[]): Array<{ line: InvoiceLine; no: string }> {
  let top = 0;
  let child = 0;
  return lines.map((line) => {
    if (line.indent && top > 0) {
      child += 1;
      return { line, no: `${top}.${child}` };
    }
    top += 1;
    child = 0;
    return { line, no: String(top) };
  });
}

function headerCells({ t }: InvoiceWording): Cells {
  const c = t.columns;
  const cell = (text: string): Piece[] => [{ text, style: head }];
  return {
    no: cell(c.no),
    item: cell(c.item),
    qty: cell(c.qty),
    unit: cell(c.unit),
    price: cell(c.price),
    vat: cell(c.vat),
    amount: cell(c.amount),
  };
}

function lineCells(line: InvoiceLine, no: string, wording: InvoiceWording): Cells {
  const { t } = wording;
  const item: Piece[] = [{ text: line.name, style: body }];
  if (line.article) item.push({ text: `${t.article} ${line.article}`, style: note });
  const vat: Piece[] =
    line.vatRatePercent === null
      ? [{ text: t.vatNotApplicable, style: note }]
      : [
          { text: wording.money(line.vatMinor), style: body },
          { text: wording.percent(line.vatRatePercent), style: note },
        ];
  return {
    no: [{ text: no, style: { ...body, color: colors.muted } }],
    item,
    qty: [{ text: wording.quantity(line.quantity), style: body }],
    unit: [{ text: line.unit, style: body }],
    price: [{ text: wording.money(line.unitPriceMinor), style: body }],
    vat,
    amount: [
      { text: wording.money(line.amountMinor), style: { ...body, font: 'bold' } },
      ...(line.listAmountMinor === undefined
        ? []
        : [{ text: `${t.totals.beforeDiscount}: ${wording.money(line.listAmountMinor)}`, style: note }]),
    ],
  };
}

function cellTextWidth(key: ColumnKey, widths: Record<ColumnKey, number>, indent?: boolean): number {
  const shift = key === 'item' && indent ? indentStep : 0;
  return widths[key] - 2 * padX - shift;
}

function rowHeight(pdf: Pdf, cells: Cells, widths: Record<ColumnKey, number>, indent?: boolean): number {
  const heights = columns.map(({ key }) =>
    cells[key].reduce(
      (sum, piece) =>
        sum +
        useStyle(pdf, piece.style).heightOfString(piece.text, { width: cellTextWidth(key, widths, indent) }),
      0,
    ),
  );
  return Math.max(...heights) + 2 * padY;
}

function drawRow(
  pdf: Pdf,
  options: {
    cells: Cells;
    widths: Record<ColumnKey, number>;
    frame: TableFrame;
    y: number;
    fill?: string;
    indent?: boolean;
  },
): number {
  const { cells, widths, frame, y, indent } = options;
  const height = rowHeight(pdf, cells, widths, indent);
  if (options.fill) pdf.rect(frame.left, y, frame.width, height).fill(options.fill);

  let x = frame.left;
  for (const column of columns) {
    const shift = column.key === 'item' && indent ? indentStep : 0;
    const width = cellTextWidth(column.key, widths, indent);
    let textY = y + padY;
    for (const piece of cells[column.key]) {
      useStyle(pdf, piece.style).text(piece.text, x + padX + shift, textY, { width, align: column.align });
      textY = pdf.y;
    }
    x += widths[column.key];
  }

  pdf
    .moveTo(frame.left, y + height)
    .lineTo(frame.left + frame.width, y + height)
    .lineWidth(0.5)
    .strokeColor(colors.rule)
    .stroke();
  return y + height;
}
