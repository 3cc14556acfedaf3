import { BugOutlined } from '@ant-design/icons';
import { Badge, Button, Modal, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseTime } from '../parse-time';
import { type ErrorLogEntry, useErrorLogStore } from '../stores/error-log';

/** Shown only when client errors were captured; lists them. */
export function ErrorLogButton() {
  const { t } = useTranslation();
  const { logs, clear } = useErrorLogStore();
  const [open, setOpen] = useState(false);
  if (logs.length === 0) return null;
  return (
    <>
      <button type="button" className="right-item" onClick={() => setOpen(true)} data-testid="error-log">
        <Badge count={logs.length} size="small">
          <BugOutlined style={{ color: '#f5222d', fontSize: 17 }} />
        </Badge>
      </button>
      <Modal
        title={t('errorLog.title')}
        open={open}
        onCancel={() => setOpen(false)}
        width={860}
        footer={
          <Button
            danger
            onClick={() => {
              clear();
              setOpen(false);
            }}
          >
            {t('errorLog.clear')}
          </Button>
        }
      >
        <Table<ErrorLogEntry>
          size="small"
          rowKey={(r) => `${r.time}-${r.message}`}
          dataSource={logs}
          pagination={false}
          scroll={{ y: 420 }}
          columns={[
            { title: t('errorLog.time'), dataIndex: 'time', width: 170, render: (v: number) => parseTime(v) },
            { title: t('errorLog.url'), dataIndex: 'url', width: 180 },
            { title: t('errorLog.message'), dataIndex: 'message' },
          ]}
          expandable={{ expandedRowRender: (r) => <pre style={{ fontSize: 11, whiteSpace: 'pre-wrap' }}>{r.stack}</pre> }}
        />
      </Modal>
    </>
  );
}
