import { defineEnums, enumOption as o } from '../../enums.js';

/** The RFID module's enums (see defineEnums): a reader's online state, kept by its heartbeats. */
export const rfidEnums = defineEnums({
  OnlineStatus: [o(1, '在线', '連線中', 'Online', 'success'), o(0, '离线', '離線', 'Offline', 'default')],
});
