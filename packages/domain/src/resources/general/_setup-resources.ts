import { bizParamResource } from './biz-param.js';
import { dataSourceResource } from './data-source.js';
import { productResource } from './product.js';
import { productParamResource } from './product-param.js';
import { sysParamResource } from './sys-param.js';
import { templateGoodsAttrResource } from './template-goods-attr.js';
import { templateLabelCodeResource } from './template-label-code.js';
import { templateLocationAttrResource } from './template-location-attr.js';

export { PARAM_INPUT, type ParamOption, paramOptionRules } from './_param-options.js';
export { type TemplateAttr, templateAttrRules } from './_template-attrs.js';
export { DATA_SOURCE_ADDRESS_RE, DATA_SOURCE_PASSWORD_MAX, SECRET_PREFIX } from './data-source.js';
export { PRODUCT_DESCRIPTION_MAX } from './product.js';
export { PARAM_VALUE } from './product-param.js';
export {
  bizParamResource,
  dataSourceResource,
  productParamResource,
  productResource,
  sysParamResource,
  templateGoodsAttrResource,
  templateLabelCodeResource,
  templateLocationAttrResource,
};

/** Products, parameters, templates and data sources (generic routes). Products come before their parameters: seed order. */
export const GENERAL_SETUP_RESOURCES = [
  productResource,
  productParamResource,
  sysParamResource,
  bizParamResource,
  templateGoodsAttrResource,
  templateLocationAttrResource,
  templateLabelCodeResource,
  dataSourceResource,
] as const;
