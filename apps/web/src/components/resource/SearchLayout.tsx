/**
 * The one search layout of the list screens (resource screens, logs, …): controls in a grid of
 * four a row on wide screens (a wide control, such as a time range, takes two), Search / Reset
 * (and More / Less past `collapsed` controls) at the end of the last row.
 */
import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Col, Form, type FormInstance, Row, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonsPlacement } from './layout';
import { COLLAPSED_SEARCH } from './model';
import './resource.css';

export interface SearchItem {
  key: string;
  /** the Form.Item (name, label and control) */
  node: ReactNode;
  /** takes two slots (a date-time range) */
  wide?: boolean;
}

const NORMAL = { xs: 24, sm: 12, md: 8, xl: 6 };
const WIDE = { xs: 24, sm: 24, md: 16, xl: 12 };
const PER_ROW = { xs: 1, sm: 2, md: 3, xl: 4 } as const;

/** antd Col props of the buttons for these items at every breakpoint. */
export function buttonsCol(items: Pick<SearchItem, 'wide'>[]) {
  const at = (bp: keyof typeof PER_ROW) =>
    buttonsPlacement(
      items.map((i) => (i.wide && bp !== 'xs' ? 2 : 1)),
      PER_ROW[bp],
    );
  return { xs: at('xs'), sm: at('sm'), md: at('md'), xl: at('xl') };
}

export function SearchLayout({
  form,
  items,
  onSearch,
  onReset,
  initialValues,
  collapsed = COLLAPSED_SEARCH,
  testId = 'resource-search',
}: {
  form: FormInstance;
  items: SearchItem[];
  onSearch: (values: Record<string, unknown>) => void;
  onReset: () => void;
  initialValues?: Record<string, unknown>;
  /** controls shown while collapsed */
  collapsed?: number;
  /** data-testid of the form; its buttons are `<testId>-submit`, `-reset` and `-toggle` */
  testId?: string;
}) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const collapsible = items.length > collapsed;
  const shown = collapsible && !expanded ? items.slice(0, collapsed) : items;
  return (
    <Form
      form={form}
      layout="horizontal"
      className="resource-search"
      initialValues={initialValues}
      onFinish={onSearch}
      data-testid={testId}
    >
      <Row gutter={[16, 12]}>
        {items.map((item) => (
          // collapsed controls stay mounted (their values still filter) but are not shown
          <Col key={item.key} {...(item.wide ? WIDE : NORMAL)} style={shown.includes(item) ? undefined : { display: 'none' }}>
            {item.node}
          </Col>
        ))}
        <Col {...buttonsCol(shown)} className="resource-search-actions">
          <Space size={8}>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid={`${testId}-submit`}>
              {t('common.query')}
            </Button>
            <Button icon={<ReloadOutlined />} onClick={onReset} data-testid={`${testId}-reset`}>
              {t('common.reset')}
            </Button>
            {collapsible && (
              <Button type="link" style={{ paddingInline: 4 }} onClick={() => setExpanded(!expanded)} data-testid={`${testId}-toggle`}>
                {expanded ? t('resource.collapse') : t('resource.expand')}
                {expanded ? <UpOutlined /> : <DownOutlined />}
              </Button>
            )}
          </Space>
        </Col>
      </Row>
    </Form>
  );
}
