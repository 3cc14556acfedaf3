/** Dictionary modules: search, paged table, add (when the menu grants 'add'). */
import { PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../app/bridge';
import { currentLang } from '../../../app/i18n';
import { fetchData } from '../../../app/request';
import { useCan } from '../../../components/ScreenContext';
import { DictionaryForm } from './DictionaryForm';

export interface DictionaryModule {
  id: number;
  code: string;
  name: string;
  remark: string;
  seq: number;
}
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
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [adding, setAdding] = useState(false);

  const { data, isFetching } = useQuery({
    queryKey: ['dictionary', 'modules', filters, paging, currentLang()],
    queryFn: () =>
      fetchData<Page<DictionaryModule>>('/dictionary/web/showModelNotContainLeaf', { method: 'POST', data: { ...filters, ...paging } }),
    placeholderData: keepPreviousData,
  });

  const search = (values: Filters) => {
    setFilters({ code: values.code?.trim() || undefined, name: values.name?.trim() || undefined });
    setPaging((p) => ({ ...p, page: 1 }));
    // searching again with the same filters still asks the server
    void queryClient.invalidateQueries({ queryKey: ['dictionary', 'modules'] });
  };

  return (
    <div className="page-card" data-testid="dictionary">
      <Form form={form} layout="inline" onFinish={search} style={{ rowGap: 12, marginBottom: 16 }}>
        <Form.Item name="code" label={t('dictionary.code')}>
          <Input allowClear placeholder={t('dictionary.codePlaceholder')} data-testid="dict-filter-code" />
        </Form.Item>
        <Form.Item name="name" label={t('dictionary.name')}>
          <Input allowClear placeholder={t('dictionary.namePlaceholder')} data-testid="dict-filter-name" />
        </Form.Item>
        <Form.Item>
          <Space>
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
      {canAdd && (
        <Space style={{ marginBottom: 12 }}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="dict-add">
            {t('common.add')}
          </Button>
        </Space>
      )}
      <Table<DictionaryModule>
        rowKey="id"
        loading={isFetching}
        dataSource={data?.list}
        scroll={{ x: 640 }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('common.total', { total }),
          onChange: (page, pageSize) => setPaging({ page, pageSize }),
        }}
        columns={[
          { title: t('dictionary.code'), dataIndex: 'code', width: 220 },
          { title: t('dictionary.name'), dataIndex: 'name', width: 220 },
          { title: t('dictionary.remark'), dataIndex: 'remark' },
          { title: t('dictionary.seq'), dataIndex: 'seq', width: 90 },
        ]}
      />
      <DictionaryForm
        open={adding}
        onClose={() => setAdding(false)}
        onSaved={(msg) => {
          message.success(msg);
          setAdding(false);
          void queryClient.invalidateQueries({ queryKey: ['dictionary', 'modules'] });
        }}
      />
    </div>
  );
}
