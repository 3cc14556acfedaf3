/**
 * Import: template download, one .xls/.xlsx, "valid rows only". The import runs as a job: its
 * progress (reading, checking, writing) comes over the job's event stream, it can be cancelled
 * (nothing is kept), and row errors are listed when the file is rejected.
 */
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Space, Switch, Table, Typography, Upload } from 'antd';
import type { UploadFile } from 'antd/es/upload';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../app/bridge';
import { RequestError } from '../../app/request';
import { normalizeLang } from '../../domain';
import { cancelJob, followJob, type ImportReport, type Job, startImport } from '../jobs/api';
import { JobProgress } from '../jobs/JobProgress';
import '../jobs/jobs.css';
import type { ResourceDef } from './types';
import { downloadTemplate } from './use-resource';

export const isExcelName = (name: string): boolean => /\.xlsx?$/i.test(name);

/** The report an ended import job carries: in its result when done, in its refusal's data when rejected. */
export function importReportOf(job: Job): ImportReport | undefined {
  const r = job.result as (ImportReport & { data?: ImportReport }) | null;
  const report = job.state === 'done' ? r : r?.data;
  return report && Array.isArray(report.errors) ? report : undefined;
}

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
  const [job, setJob] = useState<Job | undefined>();
  const [cancelling, setCancelling] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; msg: string; report?: ImportReport } | undefined>();
  const following = useRef<AbortController | undefined>(undefined);

  useEffect(() => () => following.current?.abort(), []);

  const reset = () => {
    setFile(undefined);
    setJob(undefined);
    setResult(undefined);
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const cancel = async () => {
    if (!job) return;
    setCancelling(true);
    try {
      await cancelJob(job.id);
    } catch {
      // it ended meanwhile: the stream says how
    } finally {
      setCancelling(false);
    }
  };

  const start = async () => {
    if (!file) {
      message.warning(t('resource.importChooseFile'));
      return;
    }
    setBusy(true);
    setResult(undefined);
    setJob(undefined);
    const ctrl = new AbortController();
    following.current = ctrl;
    try {
      const id = await startImport(def.code, file, { validOnly });
      const ended = await followJob(id, setJob, ctrl.signal);
      const ok = ended.state === 'done';
      setResult({ ok, msg: ended.message, report: importReportOf(ended) });
      // the dialog's result says the outcome (no toast repeating it)
      if (ok) onImported();
    } catch (err) {
      if (ctrl.signal.aborted) return;
      setResult({ ok: false, msg: err instanceof RequestError && err.kind === 'business' ? err.message : t('request.network') });
    } finally {
      setBusy(false);
    }
  };

  const files: UploadFile[] = file ? [{ uid: '1', name: file.name, status: 'done' }] : [];
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
            setJob(undefined);
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
        {(busy || job) && <JobProgress job={job} onCancel={busy ? () => void cancel() : undefined} cancelling={cancelling} />}
        {result && (
          <Alert
            type={result.ok ? (errors.length ? 'warning' : 'success') : 'error'}
            showIcon
            title={result.msg}
            description={
              result.report
                ? t('resource.importSummary', {
                    total: result.report.total,
                    inserted: result.report.inserted,
                    failed: result.report.errorCount ?? errors.length,
                  })
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
