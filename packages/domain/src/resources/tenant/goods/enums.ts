import { defineEnums, enumOption as o } from '../../../enums.js';

/**
 * The goods area's enums: how a goods row's tags identify it (spec "identification type"): each
 * SKU (colour and size) its own code, or the style as a whole.
 */
export const goodsEnums = defineEnums({
  GoodsIdentType: [o(1, '按 SKU 识别', '按 SKU 識別', 'By SKU'), o(2, '按款识别', '按款識別', 'By style')],
});

/** Values of the GoodsIdentType enum. */
export const IDENT_TYPE = { SKU: 1, STYLE: 2 } as const;
