/**
 * Text widths measured in the fonts the page really draws with (a canvas's measureText): what a label
 * needs on screen whatever font the user's system gives the console's font stack, bold or not.
 * Undefined where there is no canvas (the unit tests under Node): the callers estimate then.
 */
let context: CanvasRenderingContext2D | null | undefined;
const widths = new Map<string, number>();

/** The width of `text` drawn in `font` (a CSS font shorthand), in CSS pixels. */
export function measureText(text: string, font: string): number | undefined {
  if (context === undefined) context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!context) return undefined;
  const key = `${font}\n${text}`;
  let width = widths.get(key);
  if (width === undefined) {
    context.font = font;
    width = context.measureText(text).width;
    // labels, titles and buttons: a few thousand at most; a long session's stray texts are let go
    if (widths.size > 5000) widths.clear();
    widths.set(key, width);
  }
  return width;
}

let family: string | undefined;
/** The console's font (its body's family) at `px` pixels and `weight`, as a CSS font shorthand. */
export function consoleFont(px: number, weight = 400): string | undefined {
  if (typeof document === 'undefined' || !document.body) return undefined;
  family ??= getComputedStyle(document.body).fontFamily;
  return `${weight} ${px}px ${family}`;
}
