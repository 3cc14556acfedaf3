/**
 * label/clear-tag: enter or import EPCs, check them (the tags found, those unknown, those already
 * cleared), then clear their status for good after a confirmation that says it cannot be undone.
 * The server moves the tags to cleared and records a decommissioning event in their lifecycle.
 */
import { ClearOutlined, SearchOutlined } from '@ant-design/icons';
import { TAG_STATUS } from '@tagloom/domain/resources/label/tags/enums.ts';
import { Alert, Button, Card, Modal, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../app/bridge';
import { fetchData, request } from '../../../app/request';
import { EnumValue } from '../../../components/resource/field-render';
import { useCan } from '../../../components/ScreenContext';
import { CodesInput, checkLines } from '../tid-binding/codes';
import '../epc-query/tags.css';

interface Checked {
  tags: { id: number; epc: string; tid: string; status: number; orderId: number }[];
  unknown: string[];
  cleared: string[];
}

export default function ClearTag() {
  const { t } = useTranslation();
  const message = useMessage();
  const canQuery = useCan('query');
  const canClear = useCan('clear');
  const [modal, holder] = Modal.useModal();
  const [text, setText] = useState('');
  const [checked, setChecked] = useState<Checked>();
  const [busy, setBusy] = useState(false);

  const epcs = () => {
    const { lines, problem } = checkLines(text, false);
    if (problem) {
      message.error(t(problem.key, problem.params));
      return undefined;
    }
    return [...new Set(lines.map((l) => l.epc))];
  };
  const check = async () => {
    const list = epcs();
    if (!list) return;
    setBusy(true);
    try {
      setChecked(await fetchData<Checked>('/label/clear-tag/check', { method: 'POST', data: { epcs: list } }));
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };
  const clear = () => {
    const list = epcs();
    if (!list) return;
    modal.confirm({
      title: t('tags.clearTitle'),
      content: t('tags.clearConfirm', { count: list.length }),
      okText: t('tags.clearOk'),
      okButtonProps: { danger: true, 'data-testid': 'clear-tag-ok' },
      onOk: async () => {
        const res = await request('/label/clear-tag/clear', { method: 'POST', data: { epcs: list } });
        message.success(res.msg);
        setChecked(await fetchData<Checked>('/label/clear-tag/check', { method: 'POST', data: { epcs: list } }));
      },
    });
  };
  const ready =
    !!checked && !checked.unknown.length && checked.tags.some((x) => x.status !== TAG_STATUS.CLEARED) && !checked.cleared.length;

  return (
    <div className="tags-page">
      {holder}
      <Card className="page-card tags-card" size="small" title={t('tags.clearCardTitle')}>
        <Alert type="warning" showIcon message={t('tags.clearWarning')} />
        <CodesInput
          value={text}
          onChange={(v) => {
            setText(v);
            setChecked(undefined);
          }}
          pairs={false}
          testId="clear-tag"
        />
        <div className="tags-clear-actions">
          {canQuery && (
            <Button icon={<SearchOutlined />} onClick={() => void check()} loading={busy} data-testid="clear-tag-check">
              {t('tags.check')}
            </Button>
          )}
          {canClear && (
            <Button danger type="primary" icon={<ClearOutlined />} disabled={!ready} onClick={clear} data-testid="clear-tag-clear">
              {t('tags.clearOk')}
            </Button>
          )}
        </div>
        {checked && (
          <>
            <Typography.Text data-testid="clear-tag-summary">
              {t('tags.checkSummary', { found: checked.tags.length, unknown: checked.unknown.length, cleared: checked.cleared.length })}
            </Typography.Text>
            {!!checked.unknown.length && (
              <Alert
                type="error"
                showIcon
                message={t('tags.unknownList', { list: checked.unknown.slice(0, 5).join(', '), count: checked.unknown.length })}
              />
            )}
            <Table
              size="small"
              rowKey="id"
              dataSource={checked.tags}
              pagination={checked.tags.length > 10 ? { pageSize: 10, size: 'small' } : false}
              scroll={{ x: 'max-content' }}
              data-testid="clear-tag-table"
              columns={[
                { title: 'EPC', dataIndex: 'epc', render: (v: string) => <span className="tags-mono tags-nowrap">{v}</span> },
                { title: 'TID', dataIndex: 'tid', render: (v: string) => <span className="tags-mono tags-nowrap">{v || '-'}</span> },
                {
                  title: t('tags.status'),
                  dataIndex: 'status',
                  width: 120,
                  render: (v: number) => <EnumValue enumName="TagStatus" value={v} />,
                },
              ]}
            />
          </>
        )}
      </Card>
    </div>
  );
}
