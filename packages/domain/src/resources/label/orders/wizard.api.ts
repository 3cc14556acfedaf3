import { z } from 'zod';
import { id } from '../../../schemas/common.js';
import { LABEL_LINE_QUANTITY_MAX } from './purchase-order.js';

/**
 * The label order wizard (label/purchase-order-wizard): its draft (spec §3 "Purchase-order draft",
 * kept by the console across steps and reloads) and what the server takes and answers.
 */
export const wizardLinesBody = z.object({ orderIds: z.array(id()).min(1).max(50) });

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
  orderEndTime: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
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
