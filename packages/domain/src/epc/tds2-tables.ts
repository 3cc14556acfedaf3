/**
 * The tables of the EPC schemes of EPC Tag Data Standard 2.3 that TDS 1.13 did not have: their
 * headers (Table 14-1), the AIs each one writes after its filter (§14.6 coding tables), the date
 * types of DSGTIN (§14.5.3), the GS1 AI key lengths (Table K) and the encoding of every AI's value
 * (Table F, §15.3), and the hostname optimisation tables of the '++' schemes (Tables 14-11 … 14-15).
 */
import type { Tds2Scheme } from './types.js';

/** A TDS 2.x scheme: its header, the AIs of its EPC in binary order, whether a date or hostname is written. */
export interface Tds2Def {
  scheme: Tds2Scheme;
  header: number;
  /** The AIs the EPC holds, in their binary order (TDT "encodedAI"). */
  ais: readonly string[];
  /** DSGTIN: the 20-bit prioritised date follows the filter (§14.5.3). */
  date: boolean;
  /** '++': the custom hostname follows the EPC's AIs (§14.5.16). */
  hostname: boolean;
  /** The name of the field that holds the key (`gtin`, `sscc` …). */
  keyField: string;
}

const PAIRS: [string, number, number, readonly string[], string][] = [
  // base name, '+' header, '++' header, AIs, key field
  ['sgtin', 0xf7, 0xfd, ['01', '21'], 'gtin'],
  ['dsgtin', 0xfb, 0xfc, ['01', '21'], 'gtin'],
  ['sscc', 0xf9, 0xef, ['00'], 'sscc'],
  ['sgln', 0xf2, 0xe9, ['414', '254'], 'gln'],
  ['grai', 0xf1, 0xeb, ['8003'], 'grai'],
  ['giai', 0xfa, 0xee, ['8004'], 'giai'],
  ['gsrn', 0xf4, 0xe7, ['8018'], 'gsrn'],
  ['gsrnp', 0xf5, 0xe8, ['8017'], 'gsrnp'],
  ['gdti', 0xf6, 0xea, ['253'], 'gdti'],
  ['cpi', 0xf0, 0xe6, ['8010', '8011'], 'cpi'],
  ['sgcn', 0xf8, 0xec, ['255'], 'sgcn'],
  ['itip', 0xf3, 0xed, ['8006', '21'], 'itip'],
];

/** The TDS 2.x schemes by header. */
export const TDS2_HEADERS: Record<number, Tds2Def> = {};
/** The TDS 2.x schemes by name. */
export const TDS2_DEFS = {} as Record<Tds2Scheme, Tds2Def>;
for (const [base, plus, plusPlus, ais, keyField] of PAIRS) {
  for (const [suffix, header] of [
    ['+', plus],
    ['++', plusPlus],
  ] as const) {
    const scheme = `${base}${suffix}` as Tds2Scheme;
    const def: Tds2Def = { scheme, header, ais, date: base === 'dsgtin', hostname: suffix === '++', keyField };
    TDS2_HEADERS[header] = def;
    TDS2_DEFS[scheme] = def;
  }
}

/** §14.5.3: the 4-bit date type indicator of DSGTIN, by value: the AI of the date. */
export const DATE_TYPES = ['11', '13', '15', '16', '17', '7006', '7007'] as const;

/** Table K: the length of a GS1 AI key by its first two digits (absent: no AI begins so). */
export const AI_KEY_LENGTH: Record<string, 2 | 3 | 4> = {};
for (const [len, firsts] of [
  [2, '00 01 02 10 11 12 13 15 16 17 20 21 22 30 37 90 91 92 93 94 95 96 97 98 99'],
  [3, '23 24 25 40 41 42 71'],
  [4, '31 32 33 34 35 36 39 43 70 72 80 81 82'],
] as const) {
  for (const f of firsts.split(' ')) AI_KEY_LENGTH[f] = len;
}

/**
 * A component of an AI's value (Table F, columns b–h and i–o), by TDS 2.x encoding method:
 * - `N` Fixed-Length Numeric (§14.5.4), `digits` at 4 bits each;
 * - `B` Fixed-Bit-Length Numeric String (§14.5.2), `digits` in `bits`;
 * - `A` Variable-length alphanumeric (§14.5.6): 3-bit encoding indicator, `li`-bit length, ≤ `max`;
 * - `V` Variable-length numeric string without encoding indicator (§14.5.13): `li`-bit length, ≤ `max`;
 * - `X` Delimited/Terminated Numeric (§14.5.5), then `A` with `li` for what follows the digits, ≤ `max` in all;
 * - `D` 6-digit date (§14.5.8), `T` 10-digit date+time (§14.5.9), `R` date or date range (§14.5.10),
 *   `P` variable-precision date+time (§14.5.11), `C` country code (§14.5.12), `S` single data bit
 *   (§14.5.7), `Q` sequence indicator (§14.5.15), `M` optional minus sign (§14.5.14).
 */
export type AiPart =
  | { m: 'N'; digits: number }
  | { m: 'B'; digits: number; bits: number }
  | { m: 'A' | 'V' | 'X'; li: number; max: number }
  | { m: 'D' | 'T' | 'R' | 'P' | 'C' | 'S' | 'Q' | 'M' };

/**
 * Table F (TDS 2.3 §15.3; the GS1 TDT 2.2 artefact of 2024-11-18), compacted: each format and the
 * AIs that use it (a-b: a range). AI 7254 has 40 characters at most as in the artefact and the GS1
 * General Specifications (the printed Table F says 30 with the same 6-bit length indicator).
 */
const TABLE_F: [string, string][] = [
  ['N18', '00 8006 8017-8018 8026'],
  ['N14', '01-02'],
  ['A5.20', '10 21-22 243 254 420 4318 7020-7022 710-716 7240 8002 8012'],
  ['D', '11-13 15-17 4326 7006'],
  ['B2.7', '20'],
  ['A5.28', '235'],
  ['A5.30', '240-241 250-251 400-401 403 4308 4319 7002 7230-7239 90'],
  ['V3.6', '242'],
  ['N13+A5.17', '253'],
  ['N13+V4.12', '255'],
  ['V4.8', '30 37'],
  [
    'B6.20',
    '3100-3105 3110-3115 3120-3125 3130-3135 3140-3145 3150-3155 3160-3165 3200-3205 3210-3215 3220-3225 3230-3235 ' +
      '3240-3245 3250-3255 3260-3265 3270-3275 3280-3285 3290-3295 3300-3305 3310-3315 3320-3325 3330-3335 3340-3345 ' +
      '3350-3355 3360-3365 3370-3375 3400-3405 3410-3415 3420-3425 3430-3435 3440-3445 3450-3455 3460-3465 3470-3475 ' +
      '3480-3485 3490-3495 3500-3505 3510-3515 3520-3525 3530-3535 3540-3545 3550-3555 3560-3565 3570-3575 3600-3605 ' +
      '3610-3615 3620-3625 3630-3635 3640-3645 3650-3655 3660-3665 3670-3675 3680-3685 3690-3695 3950-3953 8005',
  ],
  ['V4.15', '3900-3909 3920-3929 423 425'],
  ['B3.10+V4.15', '3910-3919 3930-3939'],
  ['B4.14', '3940-3943 8111'],
  ['B17.57', '402'],
  ['N13', '410-417'],
  ['B3.10+A4.9', '421'],
  ['B3.10', '422 424 426'],
  ['A2.3', '427 7008'],
  ['A6.35', '4300-4301 4310-4311 4320'],
  ['A7.70', '4302-4306 4312-4316 7257 8110 8112 8200'],
  ['C', '4307 4317'],
  ['B20.67', '4309'],
  ['S', '4321-4323'],
  ['T', '4324-4325 7003'],
  ['B6.20+M', '4330-4333'],
  ['B13.44', '7001'],
  ['V3.4', '7004'],
  ['A4.12', '7005'],
  ['R', '7007'],
  ['A4.10', '7009 7255'],
  ['A2.2', '7010'],
  ['P', '7011 8008'],
  ['X5.30', '7023 8004 8010'],
  ['B3.10+A5.27', '7030-7039'],
  ['A3.4', '7040-7041'],
  ['N2', '7241'],
  ['A5.25', '7242 8013 8020'],
  ['B8.27', '7250'],
  ['B12.40', '7251'],
  ['B1.4', '7252'],
  ['A6.40', '7253-7254 7259'],
  ['A7.90', '7256 8030 91-99'],
  ['Q', '7258'],
  ['B14.47', '8001'],
  ['N14+A5.16', '8003'],
  ['A5.24', '8007'],
  ['A6.50', '8009'],
  ['V4.12', '8011'],
  ['V4.10', '8019'],
];

function part(code: string): AiPart {
  const m = code[0] as AiPart['m'];
  const [a, b] = code.slice(1).split('.').map(Number) as [number, number];
  if (m === 'N') return { m, digits: a };
  if (m === 'B') return { m, digits: a, bits: b };
  if (m === 'A' || m === 'V' || m === 'X') return { m, li: a, max: b };
  return { m } as AiPart;
}

/** Table F: the components of each AI's value. */
export const AI_FORMAT = new Map<string, readonly AiPart[]>();
for (const [format, ais] of TABLE_F) {
  const parts = format.split('+').map(part);
  for (const item of ais.split(' ')) {
    const [from, to = from] = item.split('-') as [string, string?];
    for (let n = Number(from); n <= Number(to); n++) AI_FORMAT.set(String(n).padStart(from.length, '0'), parts);
  }
}

/**
 * The GS1 Digital Link key qualifiers of a primary key, in path order (GS1 Digital Link URI syntax;
 * the TDT artefacts' gs1DigitalLinkKeyQualifiers): every other AI goes to the query string.
 */
export const KEY_QUALIFIERS: Record<string, readonly string[]> = {
  '01': ['22', '10', '21'],
  '8006': ['22', '10', '21'],
  '414': ['254'],
  '8010': ['8011'],
  '8017': ['8019'],
  '8018': ['8019'],
};

/** Table 14-11: the 7-bit optimisation sequences of a hostname (the others are ASCII characters). */
export const HOST_SEQ7: Record<number, string> = {
  30: 'qr.',
  31: 'www.',
  32: 'id.',
  91: '.com',
  92: '.org',
  93: '.net',
  94: '.int',
  96: '.edu',
  123: '.gov',
  124: '.mil',
  125: '.biz',
  126: '.eco',
  127: '.med',
};

/**
 * Tables 14-12 … 14-15: the 14-bit optimisation sequences, by their first 7 bits (0–3) and in the
 * order of their second 7 bits. Table 14-14 prints the prefix of .org.cn and .net.cn as 0000000:
 * an erratum (they are rows 29 and 30 of the table of prefix 0000010, between .com.cn and .gov.cn).
 */
export const HOST_SEQ14: readonly (readonly string[])[] = [
  (
    'ac ad ae af ag ai al am ao aq ar as at au aw ax az ba bb bd be bf bg bh bi bj bm bn bo bq br bs bt bw by bz ca cc cd ' +
    'cf cg ch ci ck cl cm cn co cr cu cv cw cx cy cz de dj dk dm do dz ec ee eg eh er es et eu fi fj fk fm fo fr ga gd ge gf ' +
    'gg gh gi gl gm gn gp gq gr gs gt gu gw gy hk hm hn hr ht hu id ie il im in io iq ir is it je jm jo jp ke kg kh ki km kn ' +
    'kp kr kw ky kz la lb lc li'
  )
    .split(' ')
    .map((t) => `.${t}`),
  (
    'lk lr ls lt lu lv ly ma mc md me mg mh mk ml mm mn mo mp mq mr ms mt mu mv mw mx my mz na nc ne nf ng ni nl no np nr nu ' +
    'nz om pa pe pf pg ph pk pl pm pn pr ps pt pw py qa re ro rs ru rw sa sb sc sd se sg sh si sk sl sm sn sr ss st su sv sx ' +
    'sy sz tc td tf tg th tj tk tl tm tn to tr tt tv tw tz ua ug us uy uz va vc ve vg vi vn vu wf ws ye yt za zm zw'
  )
    .split(' ')
    .map((t) => `.${t}`),
  (
    'com.au net.au org.au co.at com.bd co.bd com.br net.br co.nz com.ng com.pk co.in com.in co.il co.jp co.za co.kr com.es ' +
    'com.lk co.th co.tt com.tt com.tr biz.tr com.ua co.uk co.zm com.zm com.cn org.cn net.cn gov.cn'
  )
    .split(' ')
    .map((t) => `.${t}`),
  ['.tech'],
];
