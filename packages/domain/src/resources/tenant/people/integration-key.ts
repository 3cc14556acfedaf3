import { defineEnums, enumOption as o } from '../../../enums.js';
import { L } from '../../../lang.js';
import { defineResource } from '../../../resource/define.js';
import { f } from '../../../resource/fields.js';
import { defineMachine } from '../../../resource/machine.js';

/** Values of the IntegrationKeyStatus enum. */
export const INTEGRATION_KEY_STATUS = { ACTIVE: 1, REVOKED: 2 } as const;

/** The integration keys' enums (see defineEnums). */
export const integrationKeyEnums = defineEnums({
  IntegrationKeyStatus: [
    o(INTEGRATION_KEY_STATUS.ACTIVE, '有效', '有效', 'Active', 'success'),
    o(INTEGRATION_KEY_STATUS.REVOKED, '已吊销', '已撤銷', 'Revoked', 'default'),
  ],
});

/** What a key may do (its scopes): the columns, and the scope names of the EPCIS interface. */
export const INTEGRATION_SCOPES = { capture: 'canCapture', query: 'canQuery', subscribe: 'canSubscribe' } as const;
export type IntegrationScope = keyof typeof INTEGRATION_SCOPES;

/** The text a key starts with (what a log or a secret scanner recognizes). */
export const INTEGRATION_KEY_PREFIX = 'tlk_';

/** A key is revoked for good; an active one can be given a new secret (New key) any time. */
export const integrationKeyMachine = defineMachine({
  field: 'status',
  states: 'IntegrationKeyStatus',
  transitions: {
    revoke: {
      from: [INTEGRATION_KEY_STATUS.ACTIVE],
      to: INTEGRATION_KEY_STATUS.REVOKED,
      danger: true,
      confirm: 'integrationKey.confirmRevoke',
      done: 'integrationKey.revoked',
    },
  },
  editIn: [INTEGRATION_KEY_STATUS.ACTIVE],
  deleteIn: [INTEGRATION_KEY_STATUS.ACTIVE, INTEGRATION_KEY_STATUS.REVOKED],
  final: [INTEGRATION_KEY_STATUS.REVOKED],
});

const yesNo = (label: ReturnType<typeof L>, yes: boolean) =>
  f.enumOf('YesNo', { label, default: yes ? 1 : 0, required: false, search: 'eq', width: 84 });

/**
 * An integration key (tenant/integration-key): what a partner's system — a factory's, a 3PL's, an
 * EPCIS repository — presents to TagLoom's EPCIS 2.0 interface (/api/epcis) instead of a user's
 * session. A tenant administrator issues it to act as one of the tenant's users (that user's party
 * scope applies to everything the key reads and writes) with the scopes capture, query and
 * subscribe; the secret is shown once when made (and when a new one replaces it), stored only as
 * its SHA-256; the list shows its first characters and when it was last used. Revoking stops it
 * for good.
 */
export const integrationKeyResource = defineResource({
  code: 'tenant/integration-key',
  names: L('集成密钥', '整合金鑰', 'Integration key'),
  owner: 'tenant',
  table: 'integration_keys',
  titleField: 'name',
  defaultSort: { field: 'issuedAt', order: 'desc' },
  machine: integrationKeyMachine,
  crud: ['query', 'add', 'edit', 'delete', 'export'],
  extraActions: ['rotate'],
  sample: (salt) => ({ name: `Partner ${salt}`, canQuery: 1 }),
  fields: {
    name: f.text({
      label: L('名称', '名稱', 'Name'),
      max: 64,
      search: 'like',
      width: 180,
      placeholder: L('如：工厂 FA01 的 EPCIS', '如：工廠 FA01 的 EPCIS', 'e.g. Factory FA01 EPCIS'),
    }),
    userId: f.ref('tenant/user', 'username', {
      label: L('代表用户', '代表使用者', 'Acts as user'),
      search: 'eq',
      width: 130,
    }),
    canQuery: yesNo(L('可查询', '可查詢', 'Query'), true),
    canCapture: yesNo(L('可上传事件', '可上傳事件', 'Capture'), false),
    canSubscribe: { ...yesNo(L('可订阅', '可訂閱', 'Subscribe'), false), hidden: true },
    keyPrefix: f.text({
      label: L('密钥', '金鑰', 'Key'),
      display: 'code',
      max: 24,
      required: false,
      form: false,
      editable: false,
      search: 'prefix',
      width: 140,
    }),
    status: f.enumOf('IntegrationKeyStatus', {
      label: L('状态', '狀態', 'Status'),
      default: INTEGRATION_KEY_STATUS.ACTIVE,
      required: false,
      form: false,
      search: 'eq',
      width: 90,
    }),
    issuedAt: f.datetime({
      label: L('签发时间', '簽發時間', 'Issued at'),
      required: false,
      form: false,
      editable: false,
      hidden: true,
      width: 160,
    }),
    lastUsedAt: f.datetime({ label: L('最近使用', '最近使用', 'Last used'), required: false, form: false, editable: false, width: 160 }),
    remark: f.text({ label: L('备注', '備註', 'Remark'), max: 128, required: false, width: 160, hidden: true }),
  },
});
