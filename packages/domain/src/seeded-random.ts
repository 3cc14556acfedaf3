/**
 * A deterministic random source for demo data (mulberry32 over a string's FNV-1a hash): the same
 * seed — a tenant's code and what is seeded — draws the same numbers on every start, so a fresh demo
 * shows the same picture.
 */
export function seededRandom(seed: string): () => number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** An integer in [min, max] drawn from `random`. */
export const randomInt = (random: () => number, min: number, max: number): number => min + Math.floor(random() * (max - min + 1));
