/** general/template-coding-rule: the generic page, shipped rows in the user's language. */
export { default } from '../_shared/ShippedScreen';
