import { defineResource } from '../../resource/define.js';
import { type FieldDef, f } from '../../resource/fields.js';
import { ruleIssue } from './_rule-issue.js';

/** Longest password a user may enter; the column holds its AES-256-GCM ciphertext, hence longer. */
export const DATA_SOURCE_PASSWORD_MAX = 64;
/** Prefix of a stored (encrypted) password: version 1 = AES-256-GCM, base64(iv ‖ tag ‖ ciphertext). */
export const SECRET_PREFIX = 'v1:';
const STORED_SECRET_RE = /^v1:[A-Za-z0-9+/]+={0,2}$/;

/**
 * jdbc:<driver>://…, postgres(ql)://… or host:port[/database]. The test-connection action really
 * connects to PostgreSQL addresses; others are stored for the services that use them.
 */
export const DATA_SOURCE_ADDRESS_RE =
  /^(jdbc:[a-z0-9]+:.+|(postgres(ql)?|mysql|mariadb):\/\/.+|[A-Za-z0-9._-]+:\d{1,5}(\/[A-Za-z0-9_$.-]*)?)$/;

const posInt = (label: FieldDef['label'], def: number, max: number) => f.int({ label, min: 1, max, default: def, hidden: true });

/**
 * Data source (spec §3): a database other services read, with its connection pool settings.
 * The password is written encrypted by the server and never returned (kind 'password').
 */
export const dataSourceResource = defineResource({
  code: 'general/data-source',
  names: { zh_CN: '数据源', zh_TW: '資料來源', en_US: 'Data source' },
  owner: 'platform',
  table: 'data_sources',
  titleField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  extraActions: ['testConnection'],
  // demo rows carry no password: seeds bypass the server's encryption
  seed: [
    {
      name: 'WMS 仓储库',
      address: 'jdbc:postgresql://10.0.8.21:5432/wms',
      userName: 'wms_reader',
      initialSize: 5,
      minIdle: 5,
      maxIdle: 20,
      maxWait: 60000,
      remark: '仓储管理系统只读库，收货与装箱数据同步',
    },
    {
      name: 'ERP 订单库',
      address: 'jdbc:mysql://10.0.8.30:3306/erp?useSSL=false',
      userName: 'erp_sync',
      initialSize: 2,
      minIdle: 2,
      maxIdle: 10,
      maxWait: 30000,
      remark: '商品采购订单同步',
    },
    {
      name: 'BI 报表库',
      address: 'postgres://10.0.8.40:5432/bi',
      userName: 'report',
      initialSize: 1,
      minIdle: 1,
      maxIdle: 5,
      maxWait: 10000,
    },
  ],
  rules: [
    (d) => {
      const issues = [];
      if (typeof d.minIdle === 'number' && typeof d.maxIdle === 'number' && d.minIdle > d.maxIdle) {
        issues.push(ruleIssue('minIdle', 'validation.dataSource.minIdleAboveMax', { min: d.minIdle, max: d.maxIdle }));
      }
      // an entered password (not the stored ciphertext an edit carries along) has the usual bound
      if (typeof d.password === 'string' && d.password.length > DATA_SOURCE_PASSWORD_MAX && !STORED_SECRET_RE.test(d.password)) {
        issues.push(ruleIssue('password', 'validation.tooLong', { max: DATA_SOURCE_PASSWORD_MAX }));
      }
      return issues;
    },
  ],
  fields: {
    name: f.text({
      label: { zh_CN: '数据源名称', zh_TW: '資料來源名稱', en_US: 'Name' },
      max: 64,
      unique: true,
      search: 'like',
      sort: true,
    }),
    address: f.text({
      display: 'url',
      label: { zh_CN: '地址', zh_TW: '位址', en_US: 'Address' },
      max: 256,
      search: 'like',
      pattern: { source: DATA_SOURCE_ADDRESS_RE.source, message: 'validation.dataSource.address' },
    }),
    userName: f.text({ label: { zh_CN: '用户名', zh_TW: '使用者名稱', en_US: 'User name' }, max: 64, search: 'like' }),
    // stored as ciphertext, so the column bound is wider than what a user may type (see the rule)
    password: {
      ...f.password({ label: { zh_CN: '密码', zh_TW: '密碼', en_US: 'Password' }, required: false, editable: true, min: 1 }),
      max: 512,
    },
    initialSize: posInt({ zh_CN: '初始连接数', zh_TW: '初始連線數', en_US: 'Initial connections' }, 5, 1000),
    minIdle: posInt({ zh_CN: '最小空闲数', zh_TW: '最小閒置數', en_US: 'Min idle' }, 5, 1000),
    maxIdle: posInt({ zh_CN: '最大空闲数', zh_TW: '最大閒置數', en_US: 'Max idle' }, 20, 1000),
    maxWait: posInt({ zh_CN: '最大等待时间(毫秒)', zh_TW: '最大等待時間(毫秒)', en_US: 'Max wait (ms)' }, 60000, 3_600_000),
    remark: f.textarea({ label: { zh_CN: '备注', zh_TW: '備註', en_US: 'Remark' }, max: 256, list: false }),
  },
});
