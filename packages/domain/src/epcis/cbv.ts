/**
 * The Core Business Vocabulary 2.0 values an EPCIS 2.0 document names (GS1's JSON-LD contexts
 * cbv-context-*.jsonld of github gs1/EPCIS), and their three spellings: the bare word of JSON-LD
 * (`shipping`), the EPCIS 1.x URN (`urn:epcglobal:cbv:bizstep:shipping`) and the Web URI
 * (`https://ref.gs1.org/cbv/BizStep-shipping`). The platform stores the bare word; any other URI is
 * a user vocabulary, kept as given.
 */
import { isUri } from './util.js';

export const CBV_BIZ_STEPS = [
  'accepting',
  'arriving',
  'assembling',
  'collecting',
  'commissioning',
  'consigning',
  'creating_class_instance',
  'cycle_counting',
  'decommissioning',
  'departing',
  'destroying',
  'disassembling',
  'dispensing',
  'encoding',
  'entering_exiting',
  'holding',
  'inspecting',
  'installing',
  'killing',
  'loading',
  'other',
  'packing',
  'picking',
  'receiving',
  'removing',
  'repackaging',
  'repairing',
  'replacing',
  'reserving',
  'retail_selling',
  'sampling',
  'sensor_reporting',
  'shipping',
  'staging_outbound',
  'stock_taking',
  'stocking',
  'storing',
  'transporting',
  'unloading',
  'unpacking',
  'void_shipping',
] as const;

export const CBV_DISPOSITIONS = [
  'active',
  'available',
  'completeness_verified',
  'completeness_inferred',
  'conformant',
  'container_closed',
  'container_open',
  'damaged',
  'destroyed',
  'dispensed',
  'disposed',
  'encoded',
  'expired',
  'in_progress',
  'in_transit',
  'inactive',
  'mismatch_instance',
  'mismatch_class',
  'mismatch_quantity',
  'needs_replacement',
  'no_pedigree_match',
  'non_conformant',
  'non_sellable_other',
  'partially_dispensed',
  'recalled',
  'reserved',
  'retail_sold',
  'returned',
  'sellable_accessible',
  'sellable_not_accessible',
  'stolen',
  'unavailable',
  'unknown',
] as const;

export const CBV_BIZ_TRANSACTION_TYPES = [
  'bol',
  'cert',
  'desadv',
  'inv',
  'pedigree',
  'po',
  'poc',
  'prodorder',
  'recadv',
  'rma',
  'testprd',
  'testres',
  'upevt',
] as const;

export const CBV_SOURCE_DEST_TYPES = ['owning_party', 'possessing_party', 'location'] as const;
export const CBV_ERROR_REASONS = ['did_not_occur', 'incorrect_data'] as const;

/** The vocabularies a bare word may come from. */
export type CbvKind = 'bizStep' | 'disposition' | 'bizTransactionType' | 'sourceDestType' | 'errorReason';

const VOCABULARIES: Record<CbvKind, { words: ReadonlySet<string>; urn: string; web: string; label: string }> = {
  bizStep: { words: new Set(CBV_BIZ_STEPS), urn: 'urn:epcglobal:cbv:bizstep:', web: 'BizStep-', label: 'business step' },
  disposition: { words: new Set(CBV_DISPOSITIONS), urn: 'urn:epcglobal:cbv:disp:', web: 'Disp-', label: 'disposition' },
  bizTransactionType: {
    words: new Set(CBV_BIZ_TRANSACTION_TYPES),
    urn: 'urn:epcglobal:cbv:btt:',
    web: 'BTT-',
    label: 'business transaction type',
  },
  sourceDestType: { words: new Set(CBV_SOURCE_DEST_TYPES), urn: 'urn:epcglobal:cbv:sdt:', web: 'SDT-', label: 'source/destination type' },
  errorReason: { words: new Set(CBV_ERROR_REASONS), urn: 'urn:epcglobal:cbv:er:', web: 'ER-', label: 'error reason' },
};

/** The Web URI base of CBV 2.0 (and the `ns.gs1.org` base of its drafts, and the JSON-LD `cbv:` prefix). */
const CBV_WEB = /^(?:https?:\/\/(?:ref|ns)\.gs1\.org\/cbv\/|cbv:)(.*)$/i;

/** The label of a vocabulary, for messages ('business step'). */
export const cbvLabel = (kind: CbvKind): string => VOCABULARIES[kind].label;

/**
 * A vocabulary value as the platform stores it: the bare CBV word for a CBV value in any of its
 * spellings, another URI as given, and null for what is neither (a bare word CBV does not have,
 * a CBV URI of an unknown word, an empty string).
 */
export function cbvValue(kind: CbvKind, value: string): string | null {
  const v = VOCABULARIES[kind];
  if (v.words.has(value)) return value;
  let word: string | undefined;
  if (value.toLowerCase().startsWith(v.urn)) word = value.slice(v.urn.length);
  else if (value.toLowerCase().startsWith('urn:epcglobal:cbv:')) return null;
  else {
    const m = CBV_WEB.exec(value);
    if (m) {
      if (!m[1].startsWith(v.web)) return null;
      word = m[1].slice(v.web.length);
    }
  }
  if (word !== undefined) return v.words.has(word) ? word : null;
  return isUri(value) ? value : null;
}

/** The Web URI of a stored vocabulary value: a bare CBV word as `https://ref.gs1.org/cbv/BizStep-shipping`, a URI kept. */
export function cbvWebUri(kind: CbvKind, value: string): string {
  const v = VOCABULARIES[kind];
  return v.words.has(value) ? `https://ref.gs1.org/cbv/${v.web}${value}` : value;
}
