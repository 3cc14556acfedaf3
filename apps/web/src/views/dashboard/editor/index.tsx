/** Editor dashboard: the user's to-dos, own recent operations and login history. */
import { CheckCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, List, Row, Table, Tag, Tooltip } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLang } from '../../../app/i18n';
import { parseTime } from '../../../app/parse-time';
import { afterFirstScreen } from '../../../app/prefetch';
import { accountCall, actionName, screenName } from '../../../app/screen-names';
import { usePermissionStore } from '../../../app/stores/permission';
import { useUserStore } from '../../../app/stores/user';
import { summaryQuery } from './prefetch';

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
interface Todo {
  kind: 'changePassword' | 'failedLogins' | 'failedTasks' | 'pausedTasks';
  count: number;
  screen?: string;
}
export interface EditorSummary {
  todos: Todo[];
  operations: Operation[];
  logins: LoginRow[];
}

const ok = (v: number, yes: string, no: string) => <Tag color={v === 1 ? 'success' : 'error'}>{v === 1 ? yes : no}</Tag>;

/** One to-do: what needs doing, and a link to the screen for it when the user has that screen. */
function TodoItem({ todo }: { todo: Todo }) {
  const { t } = useTranslation();
  const route = usePermissionStore((s) => s.built?.routes.find((r) => r.code === todo.screen));
  return (
    <List.Item
      actions={
        route
          ? [
              <Link key="go" to={route.path}>
                {t('dashboard.todo.open', { screen: route.title })}
              </Link>,
            ]
          : []
      }
    >
      <List.Item.Meta
        avatar={<ExclamationCircleOutlined style={{ color: '#faad14', fontSize: 18 }} />}
        title={t(`dashboard.todo.${todo.kind}`, { count: todo.count })}
        description={t(`dashboard.todo.${todo.kind}Hint`)}
      />
    </List.Item>
  );
}

export default function EditorDashboard() {
  const { t } = useTranslation();
  const lang = currentLang();
  const user = useUserStore((s) => s.user);
  const { data, isLoading } = useQuery(summaryQuery());
  // the figures are on screen (or the call failed): what the next screens need may load now
  useEffect(() => {
    if (!isLoading) afterFirstScreen();
  }, [isLoading]);
  return (
    <div data-testid="dashboard-editor">
      <Card variant="borderless" style={{ marginBottom: 16 }}>
        <h2 style={{ margin: 0 }}>{t('dashboard.editorHello', { name: user?.username ?? '' })}</h2>
        <p style={{ color: '#8c8c8c', margin: '6px 0 0' }}>{t('dashboard.editorIntro')}</p>
      </Card>
      <Card title={t('dashboard.todo.title')} variant="borderless" style={{ marginBottom: 16 }} data-testid="dashboard-todos">
        {data && !data.todos.length ? (
          <div className="dashboard-todo-none">
            <CheckCircleOutlined style={{ color: '#52c41a', marginInlineEnd: 8 }} />
            {t('dashboard.todo.none')}
          </div>
        ) : (
          <List loading={isLoading} dataSource={data?.todos} renderItem={(todo) => <TodoItem key={todo.kind} todo={todo} />} />
        )}
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
                {
                  title: t('dashboard.col.screen'),
                  dataIndex: 'screen',
                  render: (v: string, r) => {
                    const name = v && screenName(v, lang);
                    if (name) return <span data-testid="operation-page">{name}</span>;
                    // a call outside any screen: named, the path kept in a tooltip
                    const call = accountCall(r.url);
                    return (
                      <Tooltip title={r.url}>
                        <span data-testid="operation-page">{t(call ? `dashboard.api.${call}` : 'dashboard.api.account')}</span>
                      </Tooltip>
                    );
                  },
                },
                {
                  title: t('dashboard.col.action'),
                  dataIndex: 'action',
                  width: 100,
                  render: (v: string) => (v ? actionName(v, lang) : '-'),
                },
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
