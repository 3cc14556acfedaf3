import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../bridge';

/** Toggles fullscreen; its tooltip and icon follow the state; warns when the browser cannot. */
export function FullscreenButton() {
  const { t } = useTranslation();
  const message = useMessage();
  const [full, setFull] = useState(() => !!document.fullscreenElement);
  useEffect(() => {
    const on = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', on);
    return () => document.removeEventListener('fullscreenchange', on);
  }, []);
  const toggle = () => {
    if (!document.fullscreenEnabled) {
      message.warning(t('navbar.fullscreenUnsupported'));
      return;
    }
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen().catch(() => message.warning(t('navbar.fullscreenUnsupported')));
  };
  const label = full ? t('shell.fullscreen.exit') : t('shell.fullscreen.enter');
  return (
    <Tooltip title={label}>
      <button
        type="button"
        className="right-item"
        onClick={toggle}
        aria-label={label}
        data-testid="fullscreen"
        data-full={full ? '1' : '0'}
      >
        {full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      </button>
    </Tooltip>
  );
}
