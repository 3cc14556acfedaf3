/** Import: template download, one .xls/.xlsx, "valid rows only", progress from the job, row errors when rejected. */
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Progress, Space, Switch, Table, Typography, Upload } from 'antd';
import type { UploadFile } from 'antd/es/upload';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../app/bridge';
import { RequestError } from '../../app/request';
import { normalizeLang } from '../../domain';
import { fetchJob, type ImportReport, newJobId, uploadImport } from './api';
import type { ResourceDef } from './types';
import { downloadTemplate } from './use-resource';

const POLL_MS = 400;
export const isExcelName = (name: string): boolean => /\.xlsx?$/i.test(name);

export function ImportModal({
  def,
  open,
  onClose,
  onImported,
}: {
  def: ResourceDef;
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const message = useMessage();
  const [file, setFile] = useState<File | undefined>();
  const [validOnly, setValidOnly] = useState(false);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | undefined>();
  const [result, setResult] = useState<{ ok: boolean; msg: string; report?: ImportReport } | undefined>();
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  const stopPolling = () => {
    if (timer.current) clearInterval(timer.current);
    timer.current = undefined;
  };
  useEffect(() => stopPolling, []);

  const reset = () => {
    setFile(undefined);
    setProgress(undefined);
    setResult(undefined);
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const start = async () => {
    if (!file) {
      message.warning(t('resource.importChooseFile'));
      return;
    }
    const jobId = newJobId();
    setBusy(true);
    setResult(undefined);
    setProgress({ done: 0, total: 0 });
    timer.current = setInterval(async () => {
      const job = await fetchJob(jobId);
      if (job && timer.current) setProgress({ done: job.done, total: job.total });
    }, POLL_MS);
    try {
      const res = await uploadImport(def.code, file, { validOnly, jobId });
      const report = res.data;
      const ok = res.code === 200;
      setProgress({ done: report.total, total: report.total });
      setResult({ ok, msg: res.msg, report });
      if (ok) {
        message.success(res.msg || t('common.success'));
        onImported();
      }
    } catch (err) {
      setResult({ ok: false, msg: err instanceof RequestError && err.kind === 'business' ? err.message : t('request.network') });
    } finally {
      stopPolling();
      setBusy(false);
    }
  };

  const files: UploadFile[] = file ? [{ uid: '1', name: file.name, status: 'done' }] : [];
  const percent = progress?.total ? Math.round((progress.done / progress.total) * 100) : 0;
  const errors = result?.report?.errors ?? [];

  return (
    <Modal
      title={t('resource.importTitle', { name: def.names[lang] })}
      open={open}
      onCancel={close}
      width={640}
      maskClosable={false}
      rootClassName="resource-import"
      footer={
        <Space>
          <Button onClick={close} disabled={busy} data-testid="import-close">
            {result?.ok ? t('resource.close') : t('common.cancel')}
          </Button>
          <Button type="primary" loading={busy} disabled={!file} onClick={start} data-testid="import-start">
            {t('resource.importStart')}
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <div className="resource-import-row">
          <Typography.Text type="secondary">{t('resource.importHint')}</Typography.Text>
          <Button type="link" icon={<DownloadOutlined />} onClick={() => void downloadTemplate(def)} data-testid="import-template">
            {t('resource.downloadTemplate')}
          </Button>
        </div>
        <Upload.Dragger
          accept=".xls,.xlsx"
          maxCount={1}
          multiple={false}
          fileList={files}
          disabled={busy}
          beforeUpload={(f) => {
            if (!isExcelName(f.name)) {
              message.error(t('resource.importOnlyExcel'));
              return Upload.LIST_IGNORE;
            }
            setFile(f);
            setResult(undefined);
            setProgress(undefined);
            return false;
          }}
          onRemove={() => reset()}
          data-testid="import-upload"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('resource.importDrop')}</p>
          <p className="ant-upload-hint">{t('resource.importOnlyExcel')}</p>
        </Upload.Dragger>
        <Space>
          <Switch checked={validOnly} onChange={setValidOnly} disabled={busy} data-testid="import-valid-only" />
          <span>{t('resource.importValidOnly')}</span>
        </Space>
        {progress && (
          <Progress
            percent={percent}
            status={busy ? 'active' : result?.ok === false ? 'exception' : 'success'}
            data-testid="import-progress"
          />
        )}
        {result && (
          <Alert
            type={result.ok ? (errors.length ? 'warning' : 'success') : 'error'}
            showIcon
            title={result.msg}
            description={
              result.report
                ? t('resource.importSummary', { total: result.report.total, inserted: result.report.inserted, failed: errors.length })
                : undefined
            }
            data-testid="import-result"
          />
        )}
        {errors.length > 0 && (
          <Table
            size="small"
            rowKey="row"
            dataSource={errors}
            pagination={errors.length > 10 ? { pageSize: 10, size: 'small' } : false}
            scroll={{ y: 260 }}
            columns={[
              { title: t('resource.importRow'), dataIndex: 'row', width: 90 },
              {
                title: t('resource.importProblems'),
                dataIndex: 'messages',
                render: (m: string[]) => (
                  <ul className="resource-import-messages">
                    {m.map((x) => (
                      <li key={x}>{x}</li>
                    ))}
                  </ul>
                ),
              },
            ]}
            data-testid="import-errors"
          />
        )}
      </Space>
    </Modal>
  );
}
