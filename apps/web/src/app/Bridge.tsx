import { Modal, message } from 'antd';
import { useNavigate } from 'react-router';
import { bridge } from './bridge';

/**
 * Hands the themed message and modal APIs and the router's navigate to code outside components.
 * It sits at the root, so the request layer can ask before any layout has mounted (the first menu load).
 */
export function Bridge() {
  const [api, holder] = message.useMessage();
  const [modal, modalHolder] = Modal.useModal();
  const navigate = useNavigate();
  bridge.message = api;
  bridge.modal = modal;
  bridge.navigate = navigate;
  return (
    <>
      {holder}
      {modalHolder}
    </>
  );
}
