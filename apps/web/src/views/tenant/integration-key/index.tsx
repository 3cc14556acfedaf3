/**
 * tenant/integration-key: the keys partner systems call the EPCIS interface (/api/epcis) with. The
 * generic list and form (name, the user it acts as, its scopes), and what is special: the secret,
 * which the server answers once — when a key is added and when New key replaces it — is shown in a
 * dialog to copy, with a call to try it; it cannot be shown again.
 */
import { KeyOutlined } from '@ant-design/icons';
import { INTEGRATION_KEY_STATUS, integrationKeyResource } from '@tagloom/domain/resources/tenant/people/integration-key.ts';
import { Alert, Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../app/bridge';
import { request } from '../../../app/request';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import { useScreen } from '../../../components/ScreenContext';

export default function IntegrationKeys() {
  const { t } = useTranslation();
  const message = useMessage();
  const screen = useScreen();
  const [modal, holder] = Modal.useModal();
  const [shown, setShown] = useState<{ name: string; key: string } | null>(null);
  const example = shown ? `curl -H "Authorization: Bearer ${shown.key}" "${window.location.origin}/api/epcis/events?perPage=10"` : '';
  return (
    <>
      {holder}
      <Alert type="info" showIcon title={t('integrationKey.hint')} style={{ marginBottom: 12 }} data-testid="integration-key-hint" />
      <ResourcePage
        def={integrationKeyResource}
        onSaved={(row, mode) => {
          if (mode === 'create' && typeof row.key === 'string') setShown({ name: String(row.name ?? ''), key: row.key });
        }}
        extraRowActions={(row, { reload }) =>
          screen.actions.includes('rotate') && Number(row.status) === INTEGRATION_KEY_STATUS.ACTIVE ? (
            <Button
              type="link"
              size="small"
              icon={<KeyOutlined />}
              data-testid="integration-key-rotate"
              onClick={() =>
                modal.confirm({
                  title: t('integrationKey.rotate'),
                  content: t('integrationKey.rotateConfirm', { name: row.name }),
                  onOk: () =>
                    request<{ key: string }>('/tenant/integration-key/rotate', { method: 'POST', data: { id: row.id } })
                      .then((r) => {
                        message.success(r.msg);
                        setShown({ name: String(row.name ?? ''), key: r.data.key });
                      })
                      .catch(() => undefined)
                      .finally(reload),
                })
              }
            >
              {t('integrationKey.rotate')}
            </Button>
          ) : null
        }
      />
      <Modal
        open={!!shown}
        title={`${t('integrationKey.shownOnce')}${shown?.name ? ` · ${shown.name}` : ''}`}
        onCancel={() => setShown(null)}
        footer={
          <Button type="primary" onClick={() => setShown(null)} data-testid="integration-key-done">
            {t('integrationKey.done')}
          </Button>
        }
        width={640}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('integrationKey.shownOnceHint')}</Typography.Paragraph>
        <Typography.Paragraph>
          <Typography.Text
            code
            copyable={{ tooltips: [t('integrationKey.copy'), t('integrationKey.copied')] }}
            data-testid="integration-key-secret"
          >
            {shown?.key}
          </Typography.Text>
        </Typography.Paragraph>
        <Typography.Text strong>{t('integrationKey.usage')}</Typography.Text>
        <Typography.Paragraph>
          <Typography.Text
            code
            copyable={{ tooltips: [t('integrationKey.copy'), t('integrationKey.copied')] }}
            style={{ wordBreak: 'break-all' }}
          >
            {example}
          </Typography.Text>
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
