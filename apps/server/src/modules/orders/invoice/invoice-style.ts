import { createRequire } from 'node:module';
import type PDFDocument from 'pdfkit';

/** The pdfkit document being drawn on. */
export type Pdf = typeof PDFDocument;

const require = createRequire(import.meta.url);

// DejaVu Sans covers Cyrillic and ₽; pdfkit's built-in Helvetica covers neither.
export const fontFiles = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};

export type FontName = keyof typeof fontFiles;

export const page = { size: 'A4', margin: { top: 48, bottom: 56, left: 44, right: 44 } } as const;

export const colors = {
  text: '#1f2937',
  muted: '#6b7280',
  rule: '#d1d5db',
  headerFill: '#f3f4f6',
  stripeFill: '#fafafa',
  good: '#15803d',
  pending: '#b45309',
  void: '#b91c1c',
} as const;

export interface TextStyle {
  font?: FontName;
  size: number;
  color?: string;
}

/** Sets font, size and colour in one call so a caller cannot measure with one style and draw with another. */
export function useStyle(pdf: Pdf, style: TextStyle): Pdf {
  return pdf
    .font(style.font ?? 'regular')
    .fontSize(style.size)
    .fillColor(style.color ?? colors.text);
}
