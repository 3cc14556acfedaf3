import { message } from 'antd';
import { useNavigate } from 'react-router';
import { bridge } from './bridge';

/** Hands the themed message API and the router's navigate to code outside components. */
export function Bridge() {
  const [api, holder] = message.useMessage();
  const navigate = useNavigate();
  bridge.message = api;
  bridge.navigate = navigate;
  return holder;
}
