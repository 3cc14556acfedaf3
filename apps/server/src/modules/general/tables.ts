import {
  bizParamResource,
  dataSourceResource,
  productParamResource,
  productResource,
  schedulerResource,
  sysParamResource,
  templateCodingRuleResource,
  templateGoodsAttrResource,
  templateLabelCodeResource,
  templateLocationAttrResource,
  tenantGroupResource,
} from '@tagloom/domain';
import { resourceTable } from '../../db/resource-table.js';

/**
 * Tables of the General module's declared resources, built from their declarations. Named here so
 * drizzle-kit sees them (db/schema re-exports this file); a referenced table comes before the
 * tables that refer to it.
 */
export const tenantGroups = resourceTable(tenantGroupResource);
export const schedulerTasks = resourceTable(schedulerResource);
export const products = resourceTable(productResource);
export const productParams = resourceTable(productParamResource);
export const sysParams = resourceTable(sysParamResource);
export const bizParams = resourceTable(bizParamResource);
export const templateGoodsAttrs = resourceTable(templateGoodsAttrResource);
export const templateLocationAttrs = resourceTable(templateLocationAttrResource);
export const templateLabelCodes = resourceTable(templateLabelCodeResource);
export const templateCodingRules = resourceTable(templateCodingRuleResource);
export const dataSources = resourceTable(dataSourceResource);
// serial counters of the coding rules (per tenant and rule)
export * from './coding-rule/tables.js';
