/** general/biz-param: parameters by name (see ../_shared/ParamPage). */
export { default } from '../_shared/ParamPage';
