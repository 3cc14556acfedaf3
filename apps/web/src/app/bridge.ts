/** Lets non-component code (the request layer) use antd's context-aware message/modal and the router. */
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';
import type { NavigateFunction } from 'react-router';

export const bridge: {
  message?: MessageInstance;
  modal?: ModalHookAPI;
  navigate?: NavigateFunction;
} = {};

/** The console's message API (antd's hook instance, themed); set by the root before anything renders. */
export const useMessage = (): MessageInstance => bridge.message!;
