import type { L10n } from '../lang.js';

/**
 * Operation buttons (spec §6: add, edit, delete, import, export, query, bind, unbind, setting,
 * audit, upload, download, confirm, cancel, generate EPC and others). A role is granted a set of
 * these per screen; every API route names the screen and the one it serves.
 */
export const ACTIONS = {
  query: { zh_CN: '查询', zh_TW: '查詢', en_US: 'Query' },
  add: { zh_CN: '新增', zh_TW: '新增', en_US: 'Add' },
  edit: { zh_CN: '编辑', zh_TW: '編輯', en_US: 'Edit' },
  delete: { zh_CN: '删除', zh_TW: '刪除', en_US: 'Delete' },
  import: { zh_CN: '导入', zh_TW: '匯入', en_US: 'Import' },
  export: { zh_CN: '导出', zh_TW: '匯出', en_US: 'Export' },
  bind: { zh_CN: '绑定', zh_TW: '綁定', en_US: 'Bind' },
  unbind: { zh_CN: '解绑', zh_TW: '解綁', en_US: 'Unbind' },
  setting: { zh_CN: '设置', zh_TW: '設定', en_US: 'Setting' },
  audit: { zh_CN: '审核', zh_TW: '審核', en_US: 'Audit' },
  upload: { zh_CN: '上传', zh_TW: '上傳', en_US: 'Upload' },
  download: { zh_CN: '下载', zh_TW: '下載', en_US: 'Download' },
  confirm: { zh_CN: '确认', zh_TW: '確認', en_US: 'Confirm' },
  cancel: { zh_CN: '取消', zh_TW: '取消', en_US: 'Cancel' },
  generateEpc: { zh_CN: '生成EPC', zh_TW: '生成EPC', en_US: 'Generate EPC' },
  resetEpc: { zh_CN: '撤回EPC', zh_TW: '撤回EPC', en_US: 'Reset EPC' },
  enable: { zh_CN: '启用', zh_TW: '啟用', en_US: 'Enable' },
  disable: { zh_CN: '禁用', zh_TW: '停用', en_US: 'Disable' },
  resetPassword: { zh_CN: '重置密码', zh_TW: '重設密碼', en_US: 'Reset password' },
  assign: { zh_CN: '分配权限', zh_TW: '分配權限', en_US: 'Assign' },
  testConnection: { zh_CN: '测试连接', zh_TW: '測試連線', en_US: 'Test connection' },
  refresh: { zh_CN: '刷新', zh_TW: '重新整理', en_US: 'Refresh' },
  sync: { zh_CN: '同步', zh_TW: '同步', en_US: 'Synchronize' },
  submit: { zh_CN: '提交', zh_TW: '提交', en_US: 'Submit' },
  review: { zh_CN: '复核', zh_TW: '複核', en_US: 'Review' },
  cancelReview: { zh_CN: '取消审核', zh_TW: '取消審核', en_US: 'Cancel review' },
  reset: { zh_CN: '重置', zh_TW: '重設', en_US: 'Reset' },
  accept: { zh_CN: '接单', zh_TW: '接單', en_US: 'Accept order' },
  ship: { zh_CN: '发货', zh_TW: '出貨', en_US: 'Ship' },
  receive: { zh_CN: '收货', zh_TW: '收貨', en_US: 'Receive goods' },
  reject: { zh_CN: '驳回', zh_TW: '駁回', en_US: 'Reject' },
  rollback: { zh_CN: '回退', zh_TW: '回退', en_US: 'Roll back' },
  void: { zh_CN: '作废', zh_TW: '作廢', en_US: 'Void' },
  print: { zh_CN: '打印', zh_TW: '列印', en_US: 'Print' },
  register: { zh_CN: '注册', zh_TW: '註冊', en_US: 'Register' },
  pause: { zh_CN: '暂停', zh_TW: '暫停', en_US: 'Pause' },
  recover: { zh_CN: '恢复', zh_TW: '恢復', en_US: 'Recover' },
  stop: { zh_CN: '停止', zh_TW: '停止', en_US: 'Stop' },
  clear: { zh_CN: '清除', zh_TW: '清除', en_US: 'Clear' },
  handle: { zh_CN: '处理', zh_TW: '處理', en_US: 'Handle' },
  retag: { zh_CN: '重新贴标', zh_TW: '重新貼標', en_US: 'Re-tag' },
  zeroClear: { zh_CN: '零清', zh_TW: '零清', en_US: 'Zero-clear' },
  repeal: { zh_CN: '撤销', zh_TW: '撤銷', en_US: 'Repeal' },
  cancelConfirm: { zh_CN: '取消确认', zh_TW: '取消確認', en_US: 'Cancel confirmation' },
  prepare: { zh_CN: '备料', zh_TW: '備料', en_US: 'Prepare' },
  produce: { zh_CN: '开始生产', zh_TW: '開始生產', en_US: 'Start production' },
  complete: { zh_CN: '生产完成', zh_TW: '生產完成', en_US: 'Production done' },
  hold: { zh_CN: '挂起', zh_TW: '掛起', en_US: 'Hold' },
  reread: { zh_CN: '重读', zh_TW: '重讀', en_US: 'Read again' },
  putAway: { zh_CN: '上架', zh_TW: '上架', en_US: 'Put away' },
  readSample: { zh_CN: '读取样本', zh_TW: '讀取樣本', en_US: 'Read sample' },
  importAsn: { zh_CN: '导入ASN', zh_TW: '匯入ASN', en_US: 'Import ASN' },
  approve: { zh_CN: '批准', zh_TW: '核准', en_US: 'Approve' },
  applyTag: { zh_CN: '确认贴标', zh_TW: '確認貼標', en_US: 'Mark applied' },
  dispose: { zh_CN: '处理', zh_TW: '處理', en_US: 'Dispose' },
  start: { zh_CN: '开始', zh_TW: '開始', en_US: 'Start' },
  finish: { zh_CN: '完成', zh_TW: '完成', en_US: 'Finish' },
  ready: { zh_CN: '备货完成', zh_TW: '備貨完成', en_US: 'Ready for pickup' },
  handover: { zh_CN: '交付顾客', zh_TW: '交付顧客', en_US: 'Hand over' },
  deliver: { zh_CN: '确认签收', zh_TW: '確認簽收', en_US: 'Mark delivered' },
  inspect: { zh_CN: '检验', zh_TW: '檢驗', en_US: 'Inspect' },
  refuse: { zh_CN: '拒收', zh_TW: '拒收', en_US: 'Refuse' },
  rotate: { zh_CN: '更换密钥', zh_TW: '更換金鑰', en_US: 'New key' },
  revoke: { zh_CN: '吊销', zh_TW: '撤銷', en_US: 'Revoke' },
} as const satisfies Record<string, L10n>;

export type ActionCode = keyof typeof ACTIONS;
export const ACTION_CODES = Object.keys(ACTIONS) as ActionCode[];

/** The buttons a plain list screen over one entity offers. */
export const CRUD: ActionCode[] = ['query', 'add', 'edit', 'delete', 'import', 'export'];
/** Read-only list screens (logs, reports). */
export const READ_ONLY: ActionCode[] = ['query', 'export'];
