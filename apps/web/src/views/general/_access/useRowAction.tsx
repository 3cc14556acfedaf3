/** A confirmed POST of one row action (enable/disable …) with the server's message. */
import { useQueryClient } from '@tanstack/react-query';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../app/bridge';
import { request } from '../../../app/request';

export function useRowAction(code: string) {
  const { t } = useTranslation();
  const message = useMessage();
  const queryClient = useQueryClient();
  const [modal, holder] = Modal.useModal();
  const run = (opts: { url: string; body: unknown; title: string; content: string; ok: string; danger?: boolean; reload?: () => void }) =>
    modal.confirm({
      title: opts.title,
      content: opts.content,
      okText: opts.ok,
      okButtonProps: { danger: opts.danger, 'data-testid': 'access-confirm-ok' },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const res = await request(`/${code}/${opts.url}`, { method: 'POST', data: opts.body });
          message.success(res.msg || t('common.success'));
          void queryClient.invalidateQueries({ queryKey: ['resource', code] });
          opts.reload?.();
        } catch {
          // the request layer showed the server's message
        }
      },
    });
  return { run, holder, modal };
}
