/** The captured client errors in a table (loaded when the error log is first opened: antd's Table is large). */
import { Button, Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseTime } from '../parse-time';
import { type ErrorLogEntry, useErrorLogStore } from '../stores/error-log';

export default function ErrorLogModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { logs, clear } = useErrorLogStore();
  return (
    <Modal
      title={t('errorLog.title')}
      open={open}
      onCancel={onClose}
      width={860}
      footer={
        <Button
          danger
          onClick={() => {
            clear();
            onClose();
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
  );
}
