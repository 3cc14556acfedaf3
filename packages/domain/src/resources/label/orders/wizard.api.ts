import { z } from 'zod';
import { id } from '../../../schemas/common.js';
import { LABEL_LINE_QUANTITY_MAX } from './purchase-order.js';

/**
 * The label order wizard (label/purchase-order-wizard): its draft (spec §3 "Purchase-order draft",
 * kept by the console across steps and reloads) and what the server takes and answers.
 */
export const wizardLinesBody = z.object({ orderIds: z.array(id()).min(1).max(50) });

/** Step 1's picker: the commodity orders a label order may be made from (none repealed), searched by number or contract. */
export const wizardOrdersQuery = z.object({
  q: z.string().trim().max(64).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
});
export const wizardOrder = z.object({
  value: z.number(),
  label: z.string(),
  contractCode: z.string(),
  status: z.number(),
  totalQuantity: z.number(),
});
export type WizardOrder = z.infer<typeof wizardOrder>;

/** Step 2's picker: the sample cards whose 69 code is the GTIN of one of the chosen lines' SKUs. */
export const wizardCardsBody = z.object({
  orderIds: z.array(id()).min(1).max(50),
  lineIds: z.array(id()).min(1).max(500),
});
export const wizardCard = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  code69: z.string(),
  status: z.number(),
  /** the chosen lines' SKU barcodes whose GTIN is the card's 69 code */
  skus: z.array(z.string()),
});
export type WizardCard = z.infer<typeof wizardCard>;

/** A commodity order line as the wizard's first step lists it. */
export const wizardLine = z.object({
  lineId: z.number(),
  orderId: z.number(),
  orderCode: z.string(),
  contractCode: z.string(),
  factoryId: z.number().nullable(),
  skuId: z.number(),
  skuBarcode: z.string(),
  gtin: z.string(),
  styleNumber: z.string(),
  goodsName: z.string(),
  colour: z.string(),
  size: z.string(),
  quantity: z.number(),
});
export type WizardLine = z.infer<typeof wizardLine>;

const text = (max: number) => z.string().trim().max(max).optional().default('');

export const wizardCreateBody = z.object({
  orderIds: z.array(id()).min(1).max(50),
  /** the chosen lines and how many labels each (TotalPurchaseOrderQuantity) */
  goodsList: z
    .array(z.object({ lineId: id(), quantity: z.number().int().min(1).max(LABEL_LINE_QUANTITY_MAX) }))
    .min(1)
    .max(500),
  /** the delivery date, a day (YYYY-MM-DD): the order's date column takes it as that day's midnight UTC, as its forms send it */
  orderEndTime: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.invalidDate' })
    // a day of the calendar (not 2026-02-30, which Date would roll over to March), from the year 1
    .refine((s) => s >= '0001' && !Number.isNaN(Date.parse(s)) && new Date(s).toISOString().slice(0, 10) === s, {
      message: 'validation.invalidDate',
    })
    .transform((s) => new Date(s))
    .optional(),
  sampleType: z.number().int().min(1).max(3),
  sampleCardFid: id().optional(),
  supplierId: id(),
  fscCode: text(64),
  shippingName: z.string().trim().min(1).max(64),
  shippingContact: z.string().trim().min(5).max(18),
  shippingAddress: z.string().trim().min(1).max(256),
  lossRatio: z.number().min(0).max(100).optional(),
  /** submit it for review at once (else it stays a draft) */
  submit: z.boolean().optional().default(false),
});
export type WizardCreateBody = z.input<typeof wizardCreateBody>;
