/**
 * Zebra ZPL II for RFID label printers (a print task's file): per label the Gen 2 encoder set-up
 * (^RS8), the EPC written in hex with the protocol-control bits adjusted to its length
 * (^RFW,H,,,A), the first 12 bytes of the TID bank read into field 1 (^RFR,H,0,12,2) and sent back
 * to the host (^HV1: the EPC ↔ TID pairs of TID binding), then the template's barcode and text
 * lines. Texts are UTF-8 (^CI28) in the printer's CJK font; every field whose data may hold an
 * escape is under ^FH_. The barcode's module width is chosen so that it and its quiet zones fit
 * the label (../templates/barcode.ts).
 */
import { type BarcodeFit, fitBarcode } from '../templates/barcode.js';
import type { TemplatePrintSpec } from '../templates/service.js';
import { mmToDots } from '../templates/service.js';

export interface ZplLabel {
  epc: string;
  /** the barcode's value (a GTIN for EAN-13, else the SKU barcode) */
  barcode: string;
  /** text lines under the barcode */
  texts: string[];
}

/** The printer's font for Chinese text (Zebra's SimSun, stored on the printer's E: drive). */
export const ZPL_CJK_FONT = 'E:SIMSUN.FNT';

/** A field's data with ^ ~ _ and control characters written as ^FH hex escapes (_5E …). */
export const zplText = (s: string): string =>
  [...s]
    .map((c) => {
      const code = c.charCodeAt(0);
      return '^~_\\'.includes(c) || code < 0x20 || code === 0x7f ? `_${code.toString(16).toUpperCase().padStart(2, '0')}` : c;
    })
    .join('');

/** The page set-up every label of a file shares: size in dots, UTF-8, the CJK font as font 1. */
function header(spec: Pick<TemplatePrintSpec, 'widthMm' | 'heightMm' | 'dpi'>): string {
  return `^PW${mmToDots(spec.widthMm, spec.dpi)}^LL${mmToDots(spec.heightMm, spec.dpi)}^CI28^CW1,${ZPL_CJK_FONT}`;
}

/** The barcode field (field origin, module width, symbol) of a fitted barcode; data that may hold an escape under ^FH_. */
function barcodeField(fit: Extract<BarcodeFit, { ok: true }>, y: number, height: number): string {
  const { symbol, module, x } = fit;
  const data = zplText(symbol.data);
  switch (symbol.symbology) {
    case 'ean13':
      // ^BE takes the 12 data digits and prints the check digit itself
      return `^FO${x},${y}^BY${module}^BEN,${height},Y,N^FD${data}^FS`;
    case 'qr':
      // ^BQ's magnification is the module width in dots; "QA,": error correction Q, automatic input mode
      return `^FO${x},${y}^BQN,2,${module}^FH_^FDQA,${data}^FS`;
    default:
      return `^FO${x},${y}^BY${module}^BCN,${height},Y,N,N^FH_^FD${data}^FS`;
  }
}

/** The height of the interpretation line under a linear barcode, in millimetres. */
const HUMAN_READABLE_MM = 6;

/** One label: encode, read the TID back, print the barcode, the texts and the EPC. */
export function zplLabel(spec: Pick<TemplatePrintSpec, 'widthMm' | 'heightMm' | 'dpi' | 'barcode'>, label: ZplLabel): string {
  const dot = (mm: number) => mmToDots(mm, spec.dpi);
  const x = dot(3);
  const line = dot(3.5);
  const barH = dot(Math.min(12, spec.heightMm / 4));
  const out = ['^XA', header(spec), '^RS8', `^RFW,H,,,A^FD${label.epc}^FS`, '^FN1^RFR,H,0,12,2^FS', '^FH_^HV1,24,TID:,_0D_0A,L^FS'];
  let y = dot(3);
  // the templates and print tasks are checked before a file is made (a barcode that does not fit is refused there)
  const fit = label.barcode ? fitBarcode(spec, label.barcode, x) : undefined;
  if (fit?.ok) {
    out.push(barcodeField(fit, y, barH));
    y += fit.symbol.rows ? fit.symbol.rows * fit.module + dot(3) : barH + dot(HUMAN_READABLE_MM);
  }
  for (const text of label.texts) {
    out.push(`^FO${x},${y}^A1N,${dot(2.8)}^FH_^FD${zplText(text)}^FS`);
    y += line;
  }
  out.push(`^FO${x},${y}^A0N,${dot(2.2)}^FD${label.epc}^FS`, '^XZ');
  return `${out.join('\n')}\n`;
}

/** A plain template when a task names none: 40 × 60 mm hang tag at 203 dpi, Code 128. */
export const DEFAULT_PRINT_SPEC: Pick<TemplatePrintSpec, 'widthMm' | 'heightMm' | 'dpi' | 'barcode' | 'lines'> = {
  widthMm: 40,
  heightMm: 60,
  dpi: 203,
  barcode: 'code128',
  lines: [
    { source: 'goodsName', caption: '' },
    { source: 'styleNumber', caption: '' },
    { source: 'colour', caption: '' },
    { source: 'size', caption: '' },
  ],
};
