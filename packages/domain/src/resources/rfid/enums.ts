import { defineEnums, enumOption as o } from '../../enums.js';

/**
 * The RFID module's enums (see defineEnums): a reader's online state (kept by its reports and the
 * scheduler), its registration and binding states (the equipment screen's actions), a scene's type.
 */
export const rfidEnums = defineEnums({
  OnlineStatus: [o(1, '在线', '連線中', 'Online', 'success'), o(0, '离线', '離線', 'Offline', 'default')],
  /**
   * how a scene's readers decide presence (rfid/presence.ts): a general area, a gate (in/out), a
   * point of sale (sold), a fitting room (per cabin, short memory), a tunnel (a gate; its reads also
   * go to its read session), a handheld (carried: places and confirms, never compared by RSSI), an
   * EAS exit (an unsold tag departs with an alarm)
   */
  RfidSceneType: [
    o(1, '一般区域', '一般區域', 'General area'),
    o(2, '通道门', '通道門', 'Gate'),
    o(3, '收银台', '收銀台', 'Point of sale'),
    o(4, '试衣间', '試衣間', 'Fitting room'),
    o(5, '隧道机', '隧道機', 'Tunnel'),
    o(6, '手持机', '手持機', 'Handheld'),
    o(7, '出口防盗', '出口防盜', 'Exit (EAS)'),
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
export const RFID_SCENE_TYPE = { GENERAL: 1, GATE: 2, POINT_OF_SALE: 3, FITTING: 4, TUNNEL: 5, HANDHELD: 6, EXIT: 7 } as const;
/** Values of the RegistrationStatus enum. */
export const REGISTRATION_STATUS = { UNREGISTERED: 0, CODE_ISSUED: 1, REGISTERED: 2, REVOKED: 3 } as const;
/** Values of the BindStatus enum. */
export const BIND_STATUS = { BOUND: 1, UNBOUND: 0 } as const;
/** Presence defaults of a scene (seconds): silence before a tag departs, move hold-off, return guard. */
export const SCENE_DEFAULTS = { departAfter: 600, moveHoldoff: 10, returnGuard: 300 } as const;
/**
 * A fitting room's (the form proposes SCENE_DEFAULTS for every type; set these on a fitting scene):
 * a tag departs after the cabin's merge gap, moves after 3 s (its mobility profile's hold-off).
 */
export const FITTING_SCENE_DEFAULTS = { departAfter: 30, moveHoldoff: 3 } as const;
