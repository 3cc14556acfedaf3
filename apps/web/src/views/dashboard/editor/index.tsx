/** Editor dashboard: the user's own recent operations and login history. */
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../../app/i18n';
import { parseTime } from '../../../app/parse-time';
import { fetchData } from '../../../app/request';
import { useUserStore } from '../../../app/stores/user';

interface Operation {
  id: number;
  createdAt: string;
  screen: string;
  action: string;
  method: string;
  url: string;
  result: number;
}
interface LoginRow {
  id: number;
  createdAt: string;
  ip: string;
  loginType: string;
  result: number;
  message: string;
}
interface EditorSummary {
  operations: Operation[];
  logins: LoginRow[];
}

const ok = (v: number, yes: string, no: string) => <Tag color={v === 1 ? 'success' : 'error'}>{v === 1 ? yes : no}</Tag>;

export default function EditorDashboard() {
  const { t } = useTranslation();
  const user = useUserStore((s) => s.user);
  const { data, isLoading } = useQuery({
    queryKey: ['dashboard', 'editor', currentLang()],
    queryFn: () => fetchData<EditorSummary>('/dashboard/editor/summary'),
  });
  return (
    <div data-testid="dashboard-editor">
      <Card variant="borderless" style={{ marginBottom: 16 }}>
        <h2 style={{ margin: 0 }}>{t('dashboard.editorHello', { name: user?.username ?? '' })}</h2>
        <p style={{ color: '#8c8c8c', margin: '6px 0 0' }}>{t('dashboard.editorIntro')}</p>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card title={t('dashboard.recentOperations')} variant="borderless">
            <Table<Operation>
              rowKey="id"
              size="small"
              loading={isLoading}
              dataSource={data?.operations}
              pagination={false}
              scroll={{ x: 560 }}
              columns={[
                { title: t('dashboard.col.time'), dataIndex: 'createdAt', width: 170, render: (v: string) => parseTime(v) },
                { title: t('dashboard.col.screen'), dataIndex: 'screen', render: (v: string, r) => v || r.url },
                { title: t('dashboard.col.action'), dataIndex: 'action', width: 100 },
                {
                  title: t('dashboard.col.result'),
                  dataIndex: 'result',
                  width: 90,
                  render: (v: number) => ok(v, t('common.success'), t('common.failure')),
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card title={t('dashboard.loginHistory')} variant="borderless">
            <Table<LoginRow>
              rowKey="id"
              size="small"
              loading={isLoading}
              dataSource={data?.logins}
              pagination={false}
              scroll={{ x: 420 }}
              columns={[
                { title: t('dashboard.col.time'), dataIndex: 'createdAt', width: 170, render: (v: string) => parseTime(v) },
                { title: t('dashboard.col.ip'), dataIndex: 'ip' },
                {
                  title: t('dashboard.col.result'),
                  dataIndex: 'result',
                  width: 90,
                  render: (v: number) => ok(v, t('common.success'), t('common.failure')),
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
