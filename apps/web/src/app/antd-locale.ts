/** antd's own locale per console language. */

import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import zhTW from 'antd/es/locale/zh_TW';
import type { Lang } from '../domain';

export const ANTD_LOCALE = { zh_CN: zhCN, zh_TW: zhTW, en_US: enUS } satisfies Record<Lang, unknown>;
