/** antd's own locale per console language. */
import type { Lang } from '@tagloom/domain';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';

export const ANTD_LOCALE = { zh_CN: zhCN, zh_TW: zhTW, en_US: enUS } satisfies Record<Lang, unknown>;
