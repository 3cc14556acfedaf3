import { L } from '../../../lang.js';
import { defineResource } from '../../../resource/define.js';
import { f } from '../../../resource/fields.js';

/** Codes: letters, digits, '_' and '-'. */
export const CODE_CHARS = { source: '^[A-Za-z0-9_-]+$', message: 'validation.codeChars' };

/** Largest brand logo, in bytes. */
export const BRAND_LOGO_BYTES = 2 * 1024 * 1024;

/**
 * A brand of the tenant (spec: brandCode, brandName, brandAlias, brandLogo). Its logo is a png,
 * jpeg or svg picture; an SVG is sanitised when it is uploaded (no script, no event handlers, no
 * external references: core/thumbs/svg.ts) and shown by its thumbnail.
 */
export const brandResource = defineResource({
  code: 'tenant/brand',
  names: L('品牌', '品牌', 'Brand'),
  owner: 'tenant',
  table: 'brands',
  titleField: 'brandName',
  defaultSort: { field: 'brandCode', order: 'asc' },
  extraActions: ['upload'],
  seed: [
    { brandCode: 'LM', brandName: '澜漫', brandAlias: 'LANMAN', remark: '女装主品牌' },
    { brandCode: 'QY', brandName: '青屿', brandAlias: 'QINGYU', remark: '休闲男装' },
  ],
  fields: {
    brandCode: f.text({
      display: 'code',
      label: L('品牌编码', '品牌編碼', 'Brand code'),
      max: 32,
      unique: true,
      search: 'like',
      sort: true,
      editable: false,
      pattern: CODE_CHARS,
      width: 140,
    }),
    brandName: f.text({ label: L('品牌名称', '品牌名稱', 'Brand name'), max: 64, search: 'like', sort: true }),
    brandAlias: f.text({ label: L('品牌别名', '品牌別名', 'Alias'), max: 64, required: false, search: 'like' }),
    brandLogo: f.file({
      label: L('品牌标志', '品牌標誌', 'Logo'),
      kinds: ['png', 'jpeg', 'svg'],
      maxBytes: BRAND_LOGO_BYTES,
    }),
    status: f.enumOf('Status', { label: L('状态', '狀態', 'Status'), default: 1, required: false, search: 'eq', width: 90 }),
    remark: f.textarea({ label: L('备注', '備註', 'Remark'), max: 256, hidden: true }),
  },
});
