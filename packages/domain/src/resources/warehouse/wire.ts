/**
 * What the warehouse's live and read routes send, as the server writes it and the console reads
 * it: one shape for both sides.
 */

/** A carton as the receiving check's live panel shows it: `result` when it changed, `progress` while it is read. */
export interface CartonLive {
  kind: 'result' | 'progress';
  cartonId: number;
  cartonNo: string;
  billId: number;
  billCode: string;
  status: number;
  result: number;
  /** the reader (a dock's tunnel, a handheld) of its last session and its zone */
  equipmentCoding: string | null;
  locationId: number | null;
  zoneName: string | null;
  expected: number;
  read: number;
  matched: number;
  missing: number;
  over: number;
  foreign: number;
  unknown: number;
  checkedAt: string | null;
  holdReason: string;
  /** progress: the session reading it */
  session?: { id: number; code: string; epcCount: number; readCount: number; startedAt: string };
}

/** One EPC of a quality inspection's sample as the console shows it. */
export interface SampleEpc {
  epc: string;
  skuId: number | null;
  sku: string;
  foreign: boolean;
  readAt: string;
  equipment: string;
  /** read by the open session, not stored yet */
  reading: boolean;
}
