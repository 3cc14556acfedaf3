/**
 * rfid/equipment: the generic equipment list, plus each reader's registration and binding:
 * - Registration code: issues a single-use code (valid 24 h by default) and shows it once, with its
 *   expiry and the exact request the reader sends (POST /api/rfid/equipment/register);
 * - Rotate token (a new device token shown once, the old one stops) and Revoke, after a confirmation;
 * - Bind (a location, a scene, the reader model) and Unbind (a confirmation saying what it removes);
 * - Reader configuration of a bound reader (the drawer the scene screen shows).
 * The row's reader actions are under "More", what the reader needs next first.
 */
import { DownOutlined } from '@ant-design/icons';
import { REGISTRATION_STATUS } from '@tagloom/domain/resources/rfid/enums.ts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Dropdown, Form, Modal, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../app/bridge';
import { fetchData, request } from '../../../app/request';
import { RefSelect } from '../../../components/resource/RefSelect';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import { resourceOf } from '../../../components/resource/registry';
import type { Field, Row } from '../../../components/resource/types';
import { useScreen } from '../../../components/ScreenContext';
import { DAYJS_DATE_FORMAT } from '../../../domain';
import { copyText, ReaderConfigDrawer, type ReaderConfigTarget } from '../scene/ReaderConfigDrawer';
import '../scene/readers.css';

const CODE = 'rfid/equipment';
const def = resourceOf(CODE)!;
const fieldOf = (key: string) => def.list.find((f) => f.key === key) as Field;
/** validity choices of a registration code, in hours (24 by default) */
const VALIDITY = [1, 24, 24 * 7, 24 * 30];

interface Issued {
  equipmentCoding: string;
  registrationCode: string;
  expiresAt: string;
  request: { method: string; path: string; body: Record<string, string> };
}
interface Product {
  id: number;
  code: string;
  name: string;
  category: number;
}

const nameOf = (row: Row) => `${String(row.equipmentName ?? '')} (${String(row.equipmentCoding ?? '')})`;

/** A secret shown once: large, monospaced, with a copy button. */
function Secret({ value, small, testId }: { value: string; small?: boolean; testId: string }) {
  const { t } = useTranslation();
  const message = useMessage();
  return (
    <>
      <code className={`readers-code-big${small ? ' readers-token' : ''}`} data-testid={testId}>
        {value}
      </code>
      <Button
        size="small"
        onClick={async () => {
          await copyText(value);
          message.success(t('readers.copied'));
        }}
      >
        {t('readers.copy')}
      </Button>
    </>
  );
}

/** Issue a registration code: choose the validity, then the code, its expiry and the reader's request. */
function RegisterDialog({ row, onClose }: { row?: Row; onClose: (changed: boolean) => void }) {
  const { t } = useTranslation();
  const [hours, setHours] = useState(24);
  const [issued, setIssued] = useState<Issued>();
  const [busy, setBusy] = useState(false);
  const close = () => {
    const changed = !!issued;
    setIssued(undefined);
    setHours(24);
    onClose(changed);
  };
  const issue = async () => {
    setBusy(true);
    try {
      setIssued((await request<Issued>(`/${CODE}/registration-code`, { method: 'POST', data: { id: row!.id, hours } })).data);
    } catch {
      // the request layer showed the message
    } finally {
      setBusy(false);
    }
  };
  const body = issued ? JSON.stringify(issued.request.body, null, 2) : '';
  return (
    <Modal
      open={!!row}
      title={row ? t('readers.registerTitle', { name: nameOf(row) }) : ''}
      onCancel={close}
      destroyOnHidden
      footer={
        issued ? (
          <Button type="primary" onClick={close} data-testid="register-done">
            {t('readers.done')}
          </Button>
        ) : (
          <Space>
            <Button onClick={close}>{t('readers.cancel')}</Button>
            <Button type="primary" loading={busy} onClick={issue} data-testid="register-issue">
              {t('readers.issue')}
            </Button>
          </Space>
        )
      }
      data-testid="register-dialog"
    >
      {!issued ? (
        <>
          <Typography.Paragraph>{t('readers.registerIntro')}</Typography.Paragraph>
          {row?.registrationStatus === REGISTRATION_STATUS.REGISTERED && (
            <Alert type="warning" showIcon className="readers-config-buttons" message={t('readers.reRegisterWarning')} />
          )}
          <Form layout="vertical">
            <Form.Item label={t('readers.validFor')}>
              <Select
                value={hours}
                onChange={setHours}
                options={VALIDITY.map((h) => ({
                  value: h,
                  label: h < 24 ? t('readers.hours', { count: h }) : t('readers.days', { count: h / 24 }),
                }))}
                data-testid="register-hours"
              />
            </Form.Item>
          </Form>
        </>
      ) : (
        <div data-testid="register-issued">
          <Typography.Text strong>{t('readers.codeLabel')}</Typography.Text>
          <Secret value={issued.registrationCode} testId="register-code" />
          <Typography.Paragraph className="readers-config-where">
            {t('readers.codeExpires', { at: dayjs(issued.expiresAt).format(DAYJS_DATE_FORMAT) })}
          </Typography.Paragraph>
          <Alert type="info" showIcon message={t('readers.codeOnce')} className="readers-config-buttons" />
          <Typography.Paragraph>
            {t('readers.howTo')} <code className="readers-code">{`${issued.request.method} ${issued.request.path}`}</code>
          </Typography.Paragraph>
          <pre className="readers-json" data-testid="register-request">
            {body}
          </pre>
          <Typography.Paragraph type="secondary">{t('readers.howToAnswer')}</Typography.Paragraph>
        </div>
      )}
    </Modal>
  );
}

/** Bind a reader: a location, a scene and the reader model (from the platform's product list). */
function BindDialog({ row, onClose }: { row?: Row; onClose: (changed: boolean) => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const [form] = Form.useForm<{ locationId: number; sceneId: number; productId?: number }>();
  const [busy, setBusy] = useState(false);
  const products = useQuery({
    queryKey: ['rfid', 'products'],
    queryFn: () => fetchData<Product[]>('/rfid/product/list'),
    enabled: !!row,
    staleTime: 60_000,
  });
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const res = await request(`/${CODE}/bind`, { method: 'POST', data: { id: row!.id, ...v, productId: v.productId ?? null } });
      message.success(res.msg);
      onClose(true);
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={!!row}
      title={row ? t('readers.bindTitle', { name: nameOf(row) }) : ''}
      onCancel={() => onClose(false)}
      onOk={submit}
      okText={t('readers.bind')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'bind-ok' }}
      destroyOnHidden
      data-testid="bind-dialog"
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          locationId: row?.locationId ?? undefined,
          sceneId: row?.sceneId ?? undefined,
          productId: row?.productId ?? undefined,
        }}
      >
        <Form.Item name="locationId" label={t('readers.location')} rules={[{ required: true, message: t('readers.chooseLocation') }]}>
          <RefSelect field={fieldOf('locationId')} testId="bind-location" />
        </Form.Item>
        <Form.Item name="sceneId" label={t('readers.scene')} rules={[{ required: true, message: t('readers.chooseScene') }]}>
          <RefSelect field={fieldOf('sceneId')} testId="bind-scene" />
        </Form.Item>
        <Form.Item name="productId" label={t('readers.model')}>
          <Select
            allowClear
            loading={products.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            options={(products.data ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.code})` }))}
            data-testid="bind-model"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function Equipment() {
  const { t } = useTranslation();
  const message = useMessage();
  const screen = useScreen();
  const can = (a: string) => screen.actions.includes(a);
  const [modal, holder] = Modal.useModal();
  const [registering, setRegistering] = useState<{ row: Row; reload: () => void }>();
  const [binding, setBinding] = useState<{ row: Row; reload: () => void }>();
  const [config, setConfig] = useState<ReaderConfigTarget>();

  const post = async (url: string, row: Row) =>
    request<Record<string, unknown>>(`/${CODE}/${url}`, { method: 'POST', data: { id: row.id } });

  const rotate = (row: Row, reload: () => void) =>
    modal.confirm({
      title: t('readers.rotateTitle', { name: nameOf(row) }),
      content: t('readers.rotateConfirm'),
      okText: t('readers.rotate'),
      okButtonProps: { 'data-testid': 'rotate-ok' },
      onOk: async () => {
        const res = await post('rotate-token', row);
        reload();
        modal.info({
          title: t('readers.tokenTitle', { name: nameOf(row) }),
          width: 560,
          content: (
            <div data-testid="token-shown">
              <Secret value={String(res.data.deviceToken)} small testId="device-token" />
              <Typography.Paragraph className="readers-config-where">{t('readers.tokenOnce')}</Typography.Paragraph>
            </div>
          ),
        });
      },
    });

  const revoke = (row: Row, reload: () => void) =>
    modal.confirm({
      title: t('readers.revokeTitle', { name: nameOf(row) }),
      content: t('readers.revokeConfirm'),
      okText: t('readers.revoke'),
      okButtonProps: { danger: true, 'data-testid': 'revoke-ok' },
      onOk: async () => {
        message.success((await post('revoke', row)).msg);
        reload();
      },
    });

  const unbind = (row: Row, reload: () => void) =>
    modal.confirm({
      title: t('readers.unbindTitle', { name: nameOf(row) }),
      content: <span data-testid="unbind-confirm-text">{t('readers.unbindConfirm')}</span>,
      okText: t('readers.unbind'),
      okButtonProps: { danger: true, 'data-testid': 'unbind-ok' },
      onOk: async () => {
        message.success((await post('unbind', row)).msg);
        reload();
      },
    });

  const actionsOf = (row: Row, reload: () => void) => {
    const status = Number(row.registrationStatus);
    const registered = status === REGISTRATION_STATUS.REGISTERED;
    const bound = !!row.sceneId;
    const all = [
      can('register') && {
        key: 'register',
        label: registered ? t('readers.reissue') : t('readers.register'),
        run: () => setRegistering({ row, reload }),
      },
      can('bind') && { key: 'bind', label: bound ? t('readers.rebind') : t('readers.bind'), run: () => setBinding({ row, reload }) },
      bound && { key: 'config', label: t('readers.config'), run: () => setConfig({ kind: 'equipment', id: row.id, name: nameOf(row) }) },
      can('register') && registered && { key: 'rotate', label: t('readers.rotate'), run: () => rotate(row, reload) },
      can('unbind') && bound && { key: 'unbind', label: t('readers.unbind'), danger: true, run: () => unbind(row, reload) },
      can('register') &&
        (registered || status === REGISTRATION_STATUS.CODE_ISSUED) && {
          key: 'revoke',
          label: t('readers.revoke'),
          danger: true,
          run: () => revoke(row, reload),
        },
    ].filter(Boolean) as { key: string; label: string; danger?: boolean; run: () => void }[];
    // the one thing the reader needs next comes first in the menu
    const next = !registered ? 'register' : !bound ? 'bind' : 'config';
    return [...all.filter((a) => a.key === next), ...all.filter((a) => a.key !== next)];
  };

  return (
    <>
      {holder}
      <ResourcePage
        def={def}
        rowTitle={(row) => nameOf(row)}
        extraRowActions={(row, { reload }) => {
          // the reader's actions under one menu: Edit, Delete and the online state and last time online fit 1,366 px
          const rest = actionsOf(row, reload);
          return (
            <>
              {rest.length > 0 && (
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items: rest.map((a) => ({ key: a.key, label: <span data-testid={`row-${a.key}`}>{a.label}</span>, danger: a.danger })),
                    onClick: ({ key }) => rest.find((a) => a.key === key)?.run(),
                  }}
                >
                  <Button type="link" size="small" data-testid="row-more">
                    {t('readers.more')} <DownOutlined />
                  </Button>
                </Dropdown>
              )}
            </>
          );
        }}
      />
      <RegisterDialog
        row={registering?.row}
        onClose={(changed) => {
          if (changed) registering?.reload();
          setRegistering(undefined);
        }}
      />
      <BindDialog
        row={binding?.row}
        onClose={(changed) => {
          if (changed) binding?.reload();
          setBinding(undefined);
        }}
      />
      <ReaderConfigDrawer target={config} onClose={() => setConfig(undefined)} />
    </>
  );
}
