import {
  bizParamResource,
  dataSourceResource,
  equipmentResource,
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
import { resourceTable } from '../resource-table.js';

/** Tables of the resources declared in packages/domain/src/resources. */
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
export const equipment = resourceTable(equipmentResource);

/** Table of each declared resource, by screen code. */
export const RESOURCE_TABLES = {
  [tenantGroupResource.code]: tenantGroups,
  [schedulerResource.code]: schedulerTasks,
  [productResource.code]: products,
  [productParamResource.code]: productParams,
  [sysParamResource.code]: sysParams,
  [bizParamResource.code]: bizParams,
  [templateGoodsAttrResource.code]: templateGoodsAttrs,
  [templateLocationAttrResource.code]: templateLocationAttrs,
  [templateLabelCodeResource.code]: templateLabelCodes,
  [templateCodingRuleResource.code]: templateCodingRules,
  [dataSourceResource.code]: dataSources,
  [equipmentResource.code]: equipment,
} as const;
