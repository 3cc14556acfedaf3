import { L } from '../../lang.js';
import { defineResource } from '../../resource/define.js';
import { f } from '../../resource/fields.js';

/** A menu code: letters, digits, '/', '_' and '-', starting with a letter or digit. */
export const MENU_CODE_PATTERN = { source: '^[A-Za-z0-9][A-Za-z0-9/_-]*$', message: 'validation.codeChars' };
/** The most characters of a menu's name in each language. */
export const MENU_NAME_MAX = 64;

/**
 * Menus (spec §3): three levels, with operation buttons and data items. The one definition of a
 * menu's fields: the server's create/update bodies (schemas/general.ts) and the console's menu
 * form (views/general/menu) take their rules from here. Get, create, update and delete are the
 * generic resource's (hooks in modules/general/menu); the list is the module's tree.
 */
export const menuResource = defineResource({
  code: 'general/menu',
  names: L('菜单', '選單', 'Menu'),
  owner: 'platform',
  table: 'menus',
  titleField: 'code',
  defaultSort: { field: 'seq', order: 'asc' },
  crud: ['query', 'add', 'edit', 'delete'],
  extraActions: ['setting'],
  // (the generic proofs' row: a new module of the menu tree)
  sample: (salt) => ({ code: `smp-${salt.toLowerCase()}`, names: { zh_CN: '样例', zh_TW: '樣例', en_US: 'Sample' } }),
  unproven: {
    dbChecks: "its table (menus) is written by hand, without the CHECKs a declaration's table gets (a migration adding them is to do)",
  },
  fields: {
    level: f.enumOf('MenuType', { label: L('级别', '層級', 'Level'), form: false, required: false }),
    parentId: f.ref('general/menu', 'code', { label: L('上级菜单', '上層選單', 'Parent'), required: false, list: false, editable: false }),
    names: f.json({ label: L('名称（三种语言）', '名稱（三種語言）', 'Names (3 languages)'), required: true }),
    alias: f.text({ label: L('别名', '別名', 'Alias'), max: 64, required: false }),
    code: f.text({ label: L('编码', '編碼', 'Code'), max: 128, unique: true, search: 'like', pattern: MENU_CODE_PATTERN }),
    component: f.text({ label: L('组件', '元件', 'Component'), max: 128, required: false }),
    path: f.text({ label: L('链接', '連結', 'Link'), max: 256, required: false }),
    terminal: f.enumOf('Terminal', { label: L('终端', '終端', 'Terminal'), default: 'web', required: false }),
    side: f.enumOf('MenuSide', { label: L('归属', '歸屬', 'Side'), default: 'P', required: false }),
    hidden: f.enumOf('Visible', { label: L('是否显示', '是否顯示', 'Visible'), default: 1, required: false }),
    seq: f.int({ label: L('排序', '排序', 'Sequence'), min: 0, max: 100000, default: 0, required: false }),
    icon: f.text({ label: L('图标', '圖示', 'Icon'), max: 64, required: false }),
    status: f.enumOf('Status', { label: L('状态', '狀態', 'Status'), default: 1, required: false }),
  },
});
