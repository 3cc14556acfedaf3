/** general/template-location-attr: the generic page, shipped rows in the user's language. */
export { default } from '../_shared/ShippedScreen';
