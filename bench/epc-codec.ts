// SGTIN-96 codec speed: encodes/s and decodes/s of our codec (packages/domain/src/epc) next to
// epc-tds 1.4.1 in the same run, on the same inputs, and the ratios. Goal: ≥ 4× epc-tds's encode
// rate. Ours is measured twice for encoding: one EPC at a time (sgtin96Hex: a GTIN, a serial) and
// the Get EPC job's batch (sgtin96Batch: a GTIN, a run of serials); decoding is decodeEpc (the
// whole result: URIs, element string, Digital Link, fields) against epc-tds's valueOf + its
// pure-identity URI. EPC_BENCH_N sets the EPCs per round (default 1,000,000), EPC_BENCH_ROUNDS the
// rounds (default 5; the best round of each counts, after one warm-up round).
import tdsModule from 'epc-tds';
import { checkDigit, decodeEpc, encodeEpc, sgtin96Batch, sgtin96Hex } from '../packages/domain/src/epc/index.js';

// biome-ignore lint/suspicious/noExplicitAny: the CommonJS build's default export
const TDS = ((tdsModule as any).default ?? tdsModule) as any;

const N = Number(process.env.EPC_BENCH_N ?? 1_000_000);
const ROUNDS = Number(process.env.EPC_BENCH_ROUNDS ?? 5);

// 100 GTINs with company prefixes of 6–12 digits, serials from a fixed start
const GTINS = Array.from({ length: 100 }, (_, i) => {
  const body = `${i % 10}${String(690000000000 + i * 7919).padStart(12, '0')}`;
  return { gtin: body + checkDigit(body), cpl: 6 + (i % 7), filter: 1 };
});
const FIRST_SERIAL = 100_000_000;
const PER_GTIN = Math.ceil(N / GTINS.length);

// every hex is read (charCodeAt flattens V8's concatenated strings), so no side keeps work pending
let sink = 0;
function best(label: string, fn: () => number): number {
  fn(); // warm-up
  let top = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const t0 = performance.now();
    const n = fn();
    const rate = n / ((performance.now() - t0) / 1000);
    top = Math.max(top, rate);
  }
  console.log(`${label.padEnd(44)} ${Math.round(top).toLocaleString('en-US').padStart(12)} /s`);
  return top;
}

console.log(`node ${process.version}, ${N.toLocaleString('en-US')} SGTIN-96 per round, best of ${ROUNDS}`);

const oursOne = best('encode  ours (sgtin96Hex, one at a time)', () => {
  let n = 0;
  for (const g of GTINS)
    for (let s = 0; s < PER_GTIN; s++) {
      sink += sgtin96Hex(g.gtin, g.cpl, g.filter, FIRST_SERIAL + s).charCodeAt(23);
      n++;
    }
  return n;
});
const oursBatch = best('encode  ours (sgtin96Batch, per GTIN)', () => {
  let n = 0;
  for (const g of GTINS) {
    const out = sgtin96Batch(g.gtin, g.cpl, g.filter, FIRST_SERIAL, PER_GTIN);
    for (const h of out) sink += h.charCodeAt(23);
    n += out.length;
  }
  return n;
});
const theirsEnc = best('encode  epc-tds (new Sgtin96 … toHexString)', () => {
  let n = 0;
  for (const g of GTINS)
    for (let s = 0; s < PER_GTIN; s++) {
      sink += new TDS.Sgtin96()
        .setFilter(g.filter)
        .setPartition(12 - g.cpl)
        .setGtin(g.gtin)
        .setSerial(FIRST_SERIAL + s)
        .toHexString()
        .charCodeAt(23);
      n++;
    }
  return n;
});

// the decode inputs: the same EPCs, checked equal between the two libraries first
const HEXES = GTINS.flatMap((g) => sgtin96Batch(g.gtin, g.cpl, g.filter, FIRST_SERIAL, Math.min(PER_GTIN, 2000)));
for (const h of HEXES.slice(0, 1000)) if (decodeEpc(h).uri !== TDS.valueOf(h).toIdURI()) throw new Error(`disagreement on ${h}`);
const DEC_ROUNDS = Math.ceil(N / HEXES.length);
const oursDec = best('decode  ours (decodeEpc: URIs, fields …)', () => {
  let n = 0;
  for (let r = 0; r < DEC_ROUNDS; r++)
    for (const h of HEXES) {
      sink += decodeEpc(h).uri.length;
      n++;
    }
  return n;
});
const theirsDec = best('decode  epc-tds (valueOf + toIdURI)', () => {
  let n = 0;
  for (let r = 0; r < DEC_ROUNDS; r++)
    for (const h of HEXES) {
      sink += TDS.valueOf(h).toIdURI().length;
      n++;
    }
  return n;
});
// the TDS 2.3 schemes: the same EPCs as SGTIN+ (no partition, 4-bit GTIN, variable serial), decoded the same way
const PLUS = HEXES.map((h) => encodeEpc({ scheme: 'sgtin+', gtin: decodeEpc(h).gtin, serial: decodeEpc(h).serial, filter: 1 }).epc);
best('decode  ours (decodeEpc, SGTIN+ of TDS 2.3)', () => {
  let n = 0;
  for (let r = 0; r < DEC_ROUNDS; r++)
    for (const h of PLUS) {
      sink += decodeEpc(h).uri.length;
      n++;
    }
  return n;
});

const x = (a: number, b: number) => `${(a / b).toFixed(1)}×`;
console.log(`encode ratio ours/epc-tds: ${x(oursOne, theirsEnc)} one at a time, ${x(oursBatch, theirsEnc)} batch (goal ≥ 4×)`);
console.log(`decode ratio ours/epc-tds: ${x(oursDec, theirsDec)}`);
if (sink === 42) console.log('');
