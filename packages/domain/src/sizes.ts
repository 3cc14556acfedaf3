/** Garment sizes in the order a shelf shows them: letter sizes by their run, numbers by value, the rest by name. */
const LETTERS = ['XXS', '2XS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '2XL', 'XXXL', '3XL', '4XL', '5XL', 'F', 'FREE', '均码'];

export function compareSizes(a: string, b: string): number {
  const la = LETTERS.indexOf(a.toUpperCase());
  const lb = LETTERS.indexOf(b.toUpperCase());
  if (la >= 0 && lb >= 0) return la - lb;
  if (la >= 0 !== lb >= 0) return la >= 0 ? -1 : 1;
  const na = Number.parseFloat(a);
  const nb = Number.parseFloat(b);
  if (Number.isFinite(na) && Number.isFinite(nb) && na !== nb) return na - nb;
  return a.localeCompare(b);
}
