// The dictionary screen's endpoint schemas sit beside its declaration (resources/general/dictionary.api.ts).
export * from '../resources/general/dictionary.api.js';
export { dictionaryDetailResource, dictionaryModuleResource } from '../resources/general/dictionary.js';
