import { App } from 'antd';
import { useNavigate } from 'react-router';
import { bridge } from './bridge';

/** Hands antd's message/modal and the router's navigate to code outside components. */
export function Bridge() {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  bridge.message = message;
  bridge.modal = modal;
  bridge.navigate = navigate;
  return null;
}
