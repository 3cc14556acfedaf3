import { PARAM_INPUT, paramResource } from './_param-options.js';

/** System parameter settings (spec §3): platform-wide switches read by the server and the apps. */
export const sysParamResource = paramResource({
  code: 'general/sys-param',
  names: { zh_CN: '系统参数', zh_TW: '系統參數', en_US: 'System parameter' },
  table: 'sys_params',
  seed: [
    { module: 'security', code: 'LOGIN_MAX_FAILURES', name: '登录失败锁定次数', type: PARAM_INPUT.TEXTBOX, unit: '次', value: '5' },
    {
      module: 'security',
      code: 'PASSWORD_STRENGTH',
      name: '密码强度要求',
      type: PARAM_INPUT.RADIO,
      value: 'STANDARD',
      options: [
        { name: '宽松', code: 'LOOSE', default: false },
        { name: '标准', code: 'STANDARD', default: true },
        { name: '严格', code: 'STRICT', default: false },
      ],
    },
    {
      module: 'notify',
      code: 'ALERT_CHANNELS',
      name: '告警通知渠道',
      type: PARAM_INPUT.CHECKBOX,
      value: 'EMAIL,SMS',
      options: [
        { name: '邮件', code: 'EMAIL', default: true },
        { name: '短信', code: 'SMS', default: true },
        { name: '企业微信', code: 'WECOM', default: false },
      ],
    },
    { module: 'device', code: 'READER_OFFLINE_MINUTES', name: '读写器离线判定时间', type: PARAM_INPUT.TEXTBOX, unit: '分钟', value: '10' },
  ],
});
