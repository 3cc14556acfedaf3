import { defineEnums, enumOption as o } from '../../enums.js';

/**
 * The RFID module's enums (see defineEnums): a reader's online state (kept by its reports and the
 * scheduler), its registration and binding states (the equipment screen's actions), a scene's type.
 */
export const rfidEnums = defineEnums({
  OnlineStatus: [o(1, '在线', '連線中', 'Online', 'success'), o(0, '离线', '離線', 'Offline', 'default')],
  /** how a scene's readers decide presence: a general area, a gate (in/out), a point of sale (sold) */
  RfidSceneType: [
    o(1, '一般区域', '一般區域', 'General area'),
    o(2, '通道门', '通道門', 'Gate'),
    o(3, '收银台', '收銀台', 'Point of sale'),
  ],
  RegistrationStatus: [
    o(0, '未注册', '未註冊', 'Unregistered', 'default'),
    o(1, '已发注册码', '已發註冊碼', 'Code issued', 'processing'),
    o(2, '已注册', '已註冊', 'Registered', 'success'),
    o(3, '已注销', '已註銷', 'Revoked', 'error'),
  ],
  BindStatus: [o(1, '已绑定', '已綁定', 'Bound', 'success'), o(0, '未绑定', '未綁定', 'Unbound', 'default')],
});

/** Values of the RfidSceneType enum. */
export const RFID_SCENE_TYPE = { GENERAL: 1, GATE: 2, POINT_OF_SALE: 3 } as const;
/** Values of the RegistrationStatus enum. */
export const REGISTRATION_STATUS = { UNREGISTERED: 0, CODE_ISSUED: 1, REGISTERED: 2, REVOKED: 3 } as const;
/** Values of the BindStatus enum. */
export const BIND_STATUS = { BOUND: 1, UNBOUND: 0 } as const;
/** Presence defaults of a scene (seconds): silence before a tag departs, move hold-off, return guard. */
export const SCENE_DEFAULTS = { departAfter: 600, moveHoldoff: 10, returnGuard: 300 } as const;
