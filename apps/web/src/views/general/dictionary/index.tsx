/**
 * Dictionary (general/dictionary): modules (search, add / edit / delete) and, beside them, the
 * details of the chosen module (add / edit / delete); Refresh cache. Buttons follow the granted actions.
 */
import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined, SearchOutlined, SyncOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Col, Empty, Form, Input, Modal, Row, Space, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../app/bridge';
import { currentLang } from '../../../app/i18n';
import { fetchData, request } from '../../../app/request';
import { useCan } from '../../../components/ScreenContext';
import { DetailForm, type DetailRow } from './DetailForm';
import { DictionaryForm, type ModuleRow } from './DictionaryForm';
import { pageAfterDelete, pickModule } from './dictionary-logic';
import '../_shared/ops.css';
import './dictionary.css';
import type { ColumnsType } from 'antd/es/table';
import { IconAction } from '../../../components/IconAction';
import { titledColumns } from '../../../components/resource/layout';

export type DictionaryModule = ModuleRow;
interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}
interface Filters {
  code?: string;
  name?: string;
}

export default function Dictionary() {
  const { t } = useTranslation();
  const message = useMessage();
  const queryClient = useQueryClient();
  const canAdd = useCan('add');
  const canEdit = useCan('edit');
  const canDelete = useCan('delete');
  const canRefresh = useCan('refresh');
  const [modal, modalHolder] = Modal.useModal();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [moduleForm, setModuleForm] = useState<{ open: boolean; editing?: ModuleRow }>({ open: false });
  const [chosen, setChosen] = useState<number | undefined>();
  const [detailPaging, setDetailPaging] = useState({ page: 1, pageSize: 10 });
  const [detailTarget, setDetailTarget] = useState<'add' | DetailRow | undefined>();
  const [refreshing, setRefreshing] = useState(false);

  const { data, isFetching } = useQuery({
    queryKey: ['dictionary', 'modules', filters, paging, currentLang()],
    queryFn: () =>
      fetchData<Page<ModuleRow>>('/dictionary/web/showModelNotContainLeaf', { method: 'POST', data: { ...filters, ...paging } }),
    placeholderData: keepPreviousData,
  });
  const current = pickModule(data?.list, chosen);

  const details = useQuery({
    queryKey: ['dictionary', 'details', current?.id, detailPaging],
    queryFn: () =>
      fetchData<Page<DetailRow>>('/dictionaryDetail/web/selectDicContent', {
        method: 'POST',
        data: { moduleId: current!.id, ...detailPaging },
      }),
    enabled: !!current,
    placeholderData: keepPreviousData,
  });

  const invalidate = (what: 'modules' | 'details') => queryClient.invalidateQueries({ queryKey: ['dictionary', what] });

  const search = (values: Filters) => {
    setFilters({ code: values.code?.trim() || undefined, name: values.name?.trim() || undefined });
    setPaging((p) => ({ ...p, page: 1 }));
    // searching again with the same filters still asks the server
    void invalidate('modules');
  };

  const choose = (m: ModuleRow) => {
    setChosen(m.id);
    setDetailPaging((p) => ({ ...p, page: 1 }));
  };

  const deleteModule = (m: ModuleRow) =>
    modal.confirm({
      title: t('dictionary.deleteTitle'),
      content: t('dictionary.deleteModule', { name: `${m.code} ${m.name}` }),
      okText: t('dictionary.delete'),
      okButtonProps: { danger: true, 'data-testid': 'dict-confirm-ok' },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const res = await request('/dictionary/web/delete', { method: 'POST', data: { ids: [m.id] } });
          message.success(res.msg || t('common.success'));
          if (chosen === m.id) setChosen(undefined);
          setPaging((p) => ({ ...p, page: pageAfterDelete(p.page, data?.list.length ?? 0, 1) }));
          void invalidate('modules');
        } catch {
          // the request layer showed the server's message
        }
      },
    });

  const deleteDetail = (d: DetailRow) =>
    modal.confirm({
      title: t('dictionary.deleteTitle'),
      content: t('dictionary.deleteDetail', { name: `${d.num} ${d.name}` }),
      okText: t('dictionary.delete'),
      okButtonProps: { danger: true, 'data-testid': 'dict-confirm-ok' },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const res = await request('/dictionaryDetail/web/deleteDicContent', { method: 'POST', data: { ids: [d.id] } });
          message.success(res.msg || t('common.success'));
          setDetailPaging((p) => ({ ...p, page: pageAfterDelete(p.page, details.data?.list.length ?? 0, 1) }));
          void invalidate('details');
        } catch {
          // the request layer showed the server's message
        }
      },
    });

  const refreshCache = async () => {
    setRefreshing(true);
    try {
      const res = await request('/dictionaryDetail/v1.0/reidsRefreshAllDicList');
      message.success(res.msg || t('common.success'));
    } catch {
      // the request layer showed the server's message
    } finally {
      setRefreshing(false);
    }
  };

  const rowActions = canEdit || canDelete;
  const empty = <span className="ops-empty">-</span>;

  // the lines' columns, each wide enough for its title; the table scrolls past their sum
  const detailColumns: ColumnsType<DetailRow> = titledColumns([
    {
      title: t('dictionary.num'),
      dataIndex: 'num',
      width: 120,
      render: (v: string) => <span className="ops-mono">{v}</span>,
    },
    { title: t('dictionary.nameCn'), dataIndex: 'name', width: 130 },
    { title: t('dictionary.nameTw'), dataIndex: 'nameTw', width: 130, render: (v: string) => v || empty },
    { title: t('dictionary.nameEn'), dataIndex: 'nameEn', width: 150, render: (v: string) => v || empty },
    { title: t('dictionary.seq'), dataIndex: 'seq', width: 70, align: 'right' },
    {
      title: t('dictionary.status'),
      dataIndex: 'status',
      width: 90,
      render: (v: number) => (
        <Tag color={v === 1 ? 'success' : 'default'}>{v === 1 ? t('dictionary.enabled') : t('dictionary.disabled')}</Tag>
      ),
    },
    { title: t('dictionary.remark'), dataIndex: 'remark', width: 160, ellipsis: true, render: (v: string) => v || empty },
    ...(rowActions
      ? [
          {
            key: 'actions',
            title: t('dictionary.actions'),
            width: 90,
            fixed: 'right' as const,
            render: (_: unknown, d: DetailRow) => (
              <Space size={0}>
                {canEdit && (
                  <IconAction
                    title={t('dictionary.edit')}
                    icon={<EditOutlined />}
                    onClick={() => setDetailTarget(d)}
                    testId="detail-edit"
                  />
                )}
                {canDelete && (
                  <IconAction
                    title={t('dictionary.delete')}
                    icon={<DeleteOutlined />}
                    danger
                    onClick={() => deleteDetail(d)}
                    testId="detail-delete"
                  />
                )}
              </Space>
            ),
          },
        ]
      : []),
  ]);
  const detailWidth = detailColumns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 0), 0);
  return (
    <div className="ops-page" data-testid="dictionary">
      {modalHolder}
      <Form form={form} layout="inline" onFinish={search} className="ops-search dict-search">
        <Form.Item name="code" label={t('dictionary.code')}>
          <Input allowClear placeholder={t('dictionary.codePlaceholder')} data-testid="dict-filter-code" />
        </Form.Item>
        <Form.Item name="name" label={t('dictionary.name')}>
          <Input allowClear placeholder={t('dictionary.namePlaceholder')} data-testid="dict-filter-name" />
        </Form.Item>
        <Form.Item>
          <Space wrap>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="dict-search">
              {t('common.query')}
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                form.resetFields();
                search({});
              }}
            >
              {t('common.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={10}>
          <div className="page-card dict-card" data-testid="dict-modules">
            <div className="ops-toolbar">
              <span className="ops-toolbar-title">{t('dictionary.modules')}</span>
              <Space wrap size={8}>
                {canAdd && (
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => setModuleForm({ open: true })} data-testid="dict-add">
                    {t('common.add')}
                  </Button>
                )}
                {canRefresh && (
                  <Tooltip title={t('dictionary.refreshCacheTip')}>
                    <Button icon={<SyncOutlined />} onClick={refreshCache} loading={refreshing} data-testid="dict-refresh-cache">
                      {t('dictionary.refreshCache')}
                    </Button>
                  </Tooltip>
                )}
              </Space>
            </div>
            <Table<ModuleRow>
              rowKey="id"
              size="middle"
              loading={isFetching}
              dataSource={data?.list}
              scroll={{ x: rowActions ? 520 : 420 }}
              rowClassName={(m) => (m.id === current?.id ? 'dict-row-current' : 'dict-row')}
              onRow={(m) => ({ onClick: () => choose(m), 'data-testid': 'dict-module-row', 'data-code': m.code }) as object}
              pagination={{
                current: paging.page,
                pageSize: paging.pageSize,
                total: data?.total ?? 0,
                showSizeChanger: true,
                showTotal: (total) => t('common.total', { total }),
                onChange: (page, pageSize) => setPaging({ page, pageSize }),
              }}
              columns={titledColumns([
                {
                  title: t('dictionary.code'),
                  dataIndex: 'code',
                  width: 190,
                  render: (v: string) => <span className="ops-mono dict-code">{v}</span>,
                },
                {
                  title: t('dictionary.name'),
                  dataIndex: 'name',
                  render: (v: string, m) => (
                    <span className="dict-name">
                      <span>{v}</span>
                      {m.remark && <small title={m.remark}>{m.remark}</small>}
                    </span>
                  ),
                },
                { title: t('dictionary.seq'), dataIndex: 'seq', width: 70, align: 'right' },
                ...(rowActions
                  ? [
                      {
                        key: 'actions',
                        title: t('dictionary.actions'),
                        width: 90,
                        render: (_: unknown, m: ModuleRow) => (
                          <Space size={0} onClick={(e) => e.stopPropagation()}>
                            {canEdit && (
                              <IconAction
                                title={t('dictionary.edit')}
                                icon={<EditOutlined />}
                                onClick={() => setModuleForm({ open: true, editing: m })}
                                testId="dict-edit"
                              />
                            )}
                            {canDelete && (
                              <IconAction
                                title={t('dictionary.delete')}
                                icon={<DeleteOutlined />}
                                danger
                                onClick={() => deleteModule(m)}
                                testId="dict-delete"
                              />
                            )}
                          </Space>
                        ),
                      },
                    ]
                  : []),
              ])}
            />
          </div>
        </Col>
        <Col xs={24} xl={14}>
          <div className="page-card dict-card" data-testid="dict-details">
            <div className="ops-toolbar">
              <Space size={8} wrap>
                <span className="ops-toolbar-title">{t('dictionary.details')}</span>
                {current && (
                  <Tag color="blue" className="ops-mono" data-testid="dict-current">
                    {current.code}
                  </Tag>
                )}
                {current && <span className="ops-muted">{current.name}</span>}
              </Space>
              {canAdd && current && (
                <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => setDetailTarget('add')} data-testid="detail-add">
                  {t('dictionary.addDetail')}
                </Button>
              )}
            </div>
            {current ? (
              <Table<DetailRow>
                rowKey="id"
                size="middle"
                loading={details.isFetching}
                dataSource={details.data?.list}
                scroll={{ x: detailWidth }}
                onRow={(d) => ({ 'data-testid': 'detail-row', 'data-num': d.num }) as object}
                pagination={{
                  current: detailPaging.page,
                  pageSize: detailPaging.pageSize,
                  total: details.data?.total ?? 0,
                  showSizeChanger: true,
                  showTotal: (total) => t('common.total', { total }),
                  onChange: (page, pageSize) => setDetailPaging({ page, pageSize }),
                }}
                columns={detailColumns}
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dictionary.selectModule')} />
            )}
          </div>
        </Col>
      </Row>
      <DictionaryForm
        open={moduleForm.open}
        editing={moduleForm.editing}
        onClose={() => setModuleForm((f) => ({ ...f, open: false }))}
        onSaved={(msg) => {
          message.success(msg);
          setModuleForm((f) => ({ ...f, open: false }));
          void invalidate('modules');
          // the module's form also writes its details
          void invalidate('details');
        }}
      />
      <DetailForm
        target={detailTarget}
        moduleId={current?.id}
        onClose={() => setDetailTarget(undefined)}
        onSaved={(msg) => {
          message.success(msg);
          setDetailTarget(undefined);
          void invalidate('details');
        }}
      />
    </div>
  );
}
