/**
 * The label order wizard's client-side draft (spec §3 "Purchase-order draft"), kept across steps and
 * reloads (localStorage, per signed-in user) until the order is made or the draft discarded.
 */
import { create } from 'zustand';
import { getStoredUser } from '../../../app/auth';

export interface DraftLine {
  lineId: number;
  orderCode: string;
  contractCode: string;
  skuId: number;
  skuBarcode: string;
  styleNumber: string;
  goodsName: string;
  colour: string;
  size: string;
  /** the commodity order line's quantity */
  ordered: number;
  /** labels asked for this line */
  TotalPurchaseOrderQuantity: number;
}

export interface LabelOrderDraft {
  step: number;
  orderIds: number[];
  orderCodeList: string[];
  contractCodeList: string[];
  purchaseGoodsContractCodeList: string[];
  locationId: number | null;
  locationName: string;
  goodsList: DraftLine[];
  /** lines of the loaded orders not chosen */
  skipped: number[];
  orderEndTime: string | null;
  sampleType: number;
  sampleCardFid: number | null;
  supplierId: number | null;
  supplierName: string;
  fscCode: string;
  shippingName: string;
  shippingContact: string;
  shippingAddress: string;
}

export const EMPTY_DRAFT: LabelOrderDraft = {
  step: 0,
  orderIds: [],
  orderCodeList: [],
  contractCodeList: [],
  purchaseGoodsContractCodeList: [],
  locationId: null,
  locationName: '',
  goodsList: [],
  skipped: [],
  orderEndTime: null,
  sampleType: 1,
  sampleCardFid: null,
  supplierId: null,
  supplierName: '',
  fscCode: '',
  shippingName: '',
  shippingContact: '',
  shippingAddress: '',
};

/** The lines chosen, each with the labels asked. */
export const chosenLines = (d: LabelOrderDraft) => d.goodsList.filter((l) => !d.skipped.includes(l.lineId));
/** The sum of the chosen lines' TotalPurchaseOrderQuantity. */
export const totalSum = (d: LabelOrderDraft) => chosenLines(d).reduce((n, l) => n + (l.TotalPurchaseOrderQuantity || 0), 0);

/** Whether every step holds what the order needs (the information-complete flag). */
export const informationComplete = (d: LabelOrderDraft) =>
  chosenLines(d).length > 0 &&
  chosenLines(d).every((l) => l.TotalPurchaseOrderQuantity > 0) &&
  !!d.sampleType &&
  !!d.supplierId &&
  !!d.shippingName.trim() &&
  d.shippingContact.trim().length >= 5 &&
  !!d.shippingAddress.trim();

interface DraftState {
  drafts: Record<string, LabelOrderDraft>;
  patch: (user: string, p: Partial<LabelOrderDraft>) => void;
  reset: (user: string) => void;
}

const KEY = 'label-order-draft';
const stored = (): Record<string, LabelOrderDraft> => {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? '{}') as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, LabelOrderDraft>) : {};
  } catch {
    return {};
  }
};

/**
 * The drafts by user, written to localStorage on every change (by hand, not with zustand's persist:
 * sharing that module with the shell would put one more chunk on the login page).
 */
export const useDraftStore = create<DraftState>()((set) => ({
  drafts: stored(),
  patch: (user, p) => set((s) => ({ drafts: { ...s.drafts, [user]: { ...EMPTY_DRAFT, ...s.drafts[user], ...p } } })),
  reset: (user) =>
    set((s) => {
      const { [user]: _gone, ...rest } = s.drafts;
      return { drafts: rest };
    }),
}));
useDraftStore.subscribe((s) => localStorage.setItem(KEY, JSON.stringify(s.drafts)));

/** The signed-in user's draft and its setters. */
export function useDraft() {
  const user = getStoredUser()?.userCode ?? '';
  const draft = useDraftStore((s) => s.drafts[user]) ?? EMPTY_DRAFT;
  const patch = useDraftStore((s) => s.patch);
  const reset = useDraftStore((s) => s.reset);
  return { draft, patch: (p: Partial<LabelOrderDraft>) => patch(user, p), reset: () => reset(user) };
}
