import { dictionaryDetailResource, dictionaryModuleResource } from '@tagloom/domain';
import { resourceTable } from '../resource-table.js';

/** Dictionary modules and their details (lines), built from their declarations. */
export const dictionaryModules = resourceTable(dictionaryModuleResource);
export const dictionaryDetails = resourceTable(dictionaryDetailResource);
