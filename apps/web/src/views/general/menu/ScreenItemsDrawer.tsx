/**
 * A screen's (level-3 menu's) operation buttons or data items in a drawer: list, add, edit, delete.
 * Writes need the menu screen's 'setting' grant; rules are the shared zod schemas.
 */
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { menuButtonSave, menuDataItemSave } from '@tagloom/domain/schemas/general.ts';
import { describeIssues } from '@tagloom/domain/validation.ts';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, Drawer, Form, Grid, Row as GridRow, Input, InputNumber, Modal, Popconfirm, Space, Switch, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../app/bridge';
import { fetchData, request } from '../../../app/request';
import { titledColumns } from '../../../components/resource/layout';
import { normalizeLang } from '../../../domain';
import { type L10nNames, type MenuNode, nameOf } from './menu-logic';

export type ItemKind = 'buttons' | 'dataItems';

interface ItemRow {
  id: number;
  menuId: number;
  code: string;
  names?: L10nNames;
  name?: string;
  alias?: string;
  seq: number;
  status?: number;
  visible?: number;
}

const API: Record<ItemKind, { list: string; save: string; remove: string }> = {
  buttons: { list: 'buttons', save: 'button-save', remove: 'button-delete' },
  dataItems: { list: 'data-items', save: 'data-item-save', remove: 'data-item-delete' },
};
const LANGS = ['zh_CN', 'zh_TW', 'en_US'] as const;

export function ScreenItemsDrawer({
  kind,
  menu,
  canWrite,
  onClose,
}: {
  kind: ItemKind;
  menu?: MenuNode;
  canWrite: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const message = useMessage();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm();
  const [editing, setEditing] = useState<{ row?: ItemRow } | undefined>();
  const [saving, setSaving] = useState(false);
  const tid = kind === 'buttons' ? 'menu-btn' : 'menu-item';

  const list = useQuery({
    queryKey: ['menuAdmin', kind, menu?.id],
    queryFn: () => fetchData<ItemRow[]>(`/general/menu/${API[kind].list}`, { method: 'POST', data: { menuId: menu!.id } }),
    enabled: !!menu,
  });

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    const r = editing.row;
    if (kind === 'buttons')
      form.setFieldsValue(
        r ? { code: r.code, names: r.names, alias: r.alias, seq: r.seq, status: r.status !== 0 } : { seq: 0, status: true },
      );
    else form.setFieldsValue(r ? { code: r.code, name: r.name, seq: r.seq, visible: r.visible !== 0 } : { seq: 0, visible: true });
  }, [editing, form, kind]);

  const save = async () => {
    let v: Awaited<ReturnType<typeof form.validateFields>>;
    try {
      v = await form.validateFields();
    } catch {
      return; // the form shows what is wrong
    }
    const base = { menuId: menu!.id, id: editing?.row?.id, code: String(v.code ?? '').trim(), seq: v.seq ?? 0 };
    const data =
      kind === 'buttons'
        ? {
            ...base,
            names: Object.fromEntries(LANGS.map((l) => [l, String(v.names?.[l] ?? '').trim()])),
            alias: String(v.alias ?? '').trim(),
            status: v.status === false ? 0 : 1,
          }
        : { ...base, name: String(v.name ?? '').trim(), visible: v.visible === false ? 0 : 1 };
    const parsed = (kind === 'buttons' ? menuButtonSave : menuDataItemSave).safeParse(data);
    if (!parsed.success) {
      const { fields } = describeIssues(lang, parsed.error.issues);
      form.setFields(fields.map((e) => ({ name: e.field.split('.'), errors: [e.message] })));
      return;
    }
    setSaving(true);
    try {
      const res = await request(`/general/menu/${API[kind].save}`, { method: 'POST', data });
      message.success(res.msg || t('common.success'));
      setEditing(undefined);
      void list.refetch();
    } catch {
      // the request layer showed the server's message
    } finally {
      setSaving(false);
    }
  };

  const remove = async (row: ItemRow) => {
    try {
      const res = await request(`/general/menu/${API[kind].remove}`, { method: 'POST', data: { ids: [row.id] } });
      message.success(res.msg || t('common.success'));
      void list.refetch();
    } catch {
      // shown by the request layer
    }
  };

  const nameCol =
    kind === 'buttons'
      ? LANGS.map((l) => ({
          key: l,
          title: t(`menuAdmin.name_${l}`),
          render: (_: unknown, r: ItemRow) => r.names?.[l] ?? '',
        }))
      : [{ key: 'name', title: t('menuAdmin.itemName'), dataIndex: 'name' }];
  const flagCol =
    kind === 'buttons'
      ? {
          key: 'status',
          title: t('menuAdmin.state'),
          width: 90,
          render: (_: unknown, r: ItemRow) => (
            <Tag color={r.status ? 'success' : 'default'}>{r.status ? t('menuAdmin.enabled') : t('menuAdmin.disabled')}</Tag>
          ),
        }
      : {
          key: 'visible',
          title: t('menuAdmin.visible'),
          width: 90,
          render: (_: unknown, r: ItemRow) => (
            <Tag color={r.visible ? 'success' : 'default'}>{r.visible ? t('menuAdmin.shown') : t('menuAdmin.hidden')}</Tag>
          ),
        };

  const title = menu ? t(`menuAdmin.${kind}Title`, { name: nameOf(menu.names, lang, menu.code) }) : '';
  return (
    <Drawer
      title={title}
      open={!!menu}
      onClose={onClose}
      size={screens.lg ? 860 : '100%'}
      data-testid={`${tid}-drawer`}
      extra={
        canWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid={`${tid}-add`}>
            {t('menuAdmin.add')}
          </Button>
        )
      }
    >
      <Table<ItemRow>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        pagination={false}
        scroll={{ x: 640 }}
        data-testid={`${tid}-table`}
        columns={titledColumns([
          { key: 'code', dataIndex: 'code', title: t('menuAdmin.code'), width: 140 },
          ...nameCol,
          flagCol,
          { key: 'seq', dataIndex: 'seq', title: t('menuAdmin.seq'), width: 70, align: 'right' as const },
          ...(canWrite
            ? [
                {
                  key: 'actions',
                  title: t('menuAdmin.actions'),
                  width: 110,
                  render: (_: unknown, r: ItemRow) => (
                    <Space size={0}>
                      <Button
                        type="link"
                        size="small"
                        icon={<EditOutlined />}
                        aria-label={t('menuAdmin.edit')}
                        onClick={() => setEditing({ row: r })}
                        data-testid={`${tid}-edit`}
                      />
                      <Popconfirm
                        title={t('menuAdmin.confirmDelete', { name: r.code })}
                        okText={t('menuAdmin.delete')}
                        cancelText={t('common.cancel')}
                        okButtonProps={{ danger: true, 'data-testid': `${tid}-delete-ok` }}
                        onConfirm={() => remove(r)}
                      >
                        <Button
                          type="link"
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('menuAdmin.delete')}
                          data-testid={`${tid}-delete`}
                        />
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]
            : []),
        ])}
      />
      <Modal
        title={editing?.row ? t('menuAdmin.editItem') : t('menuAdmin.addItem')}
        open={!!editing}
        onOk={save}
        onCancel={() => setEditing(undefined)}
        confirmLoading={saving}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        okButtonProps={{ 'data-testid': `${tid}-save` }}
        forceRender
        maskClosable={false}
      >
        <Form form={form} layout="vertical" data-testid={`${tid}-form`}>
          <Form.Item name="code" label={t('menuAdmin.code')} rules={[{ required: true, whitespace: true, message: t('common.required') }]}>
            <Input data-testid={`${tid}-code`} />
          </Form.Item>
          {kind === 'buttons' ? (
            <GridRow gutter={12}>
              {LANGS.map((l) => (
                <Col xs={24} md={8} key={l}>
                  <Form.Item
                    name={['names', l]}
                    label={t(`menuAdmin.name_${l}`)}
                    rules={l === 'zh_CN' ? [{ required: true, whitespace: true, message: t('common.required') }] : []}
                  >
                    <Input data-testid={`${tid}-name-${l}`} />
                  </Form.Item>
                </Col>
              ))}
              <Col span={24}>
                <Form.Item name="alias" label={t('menuAdmin.alias')}>
                  <Input data-testid={`${tid}-alias`} />
                </Form.Item>
              </Col>
            </GridRow>
          ) : (
            <Form.Item
              name="name"
              label={t('menuAdmin.itemName')}
              rules={[{ required: true, whitespace: true, message: t('common.required') }]}
            >
              <Input data-testid={`${tid}-name`} />
            </Form.Item>
          )}
          <GridRow gutter={12}>
            <Col span={12}>
              <Form.Item name="seq" label={t('menuAdmin.seq')}>
                <InputNumber min={0} max={100000} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name={kind === 'buttons' ? 'status' : 'visible'}
                label={kind === 'buttons' ? t('menuAdmin.state') : t('menuAdmin.visible')}
                valuePropName="checked"
              >
                <Switch data-testid={`${tid}-flag`} />
              </Form.Item>
            </Col>
          </GridRow>
        </Form>
      </Modal>
    </Drawer>
  );
}
