/** Exports as jobs: a dialog follows the job's progress (cancel while it runs), then its workbook downloads. */
import { Alert, Button, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bridge } from '../../app/bridge';
import i18n from '../../app/i18n';
import { RequestError } from '../../app/request';
import { cancelJob, downloadJob, followJob, type Job, startExport } from './api';
import { JobProgress } from './JobProgress';
import './jobs.css';

function ExportJobView({ id, onEnd }: { id: string; onEnd: (ok: boolean) => void }) {
  const { t } = useTranslation();
  const [job, setJob] = useState<Job | undefined>();
  const [cancelling, setCancelling] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const ended = useRef(false);

  useEffect(() => {
    const ctrl = new AbortController();
    followJob(id, setJob, ctrl.signal)
      .then(async (last) => {
        if (last.state === 'done') {
          await downloadJob(id);
          ended.current = true;
          onEnd(true);
        } else if (last.state === 'cancelled') {
          ended.current = true;
          onEnd(false);
        } else setFailure(last.message);
      })
      .catch((err) => {
        if (!ctrl.signal.aborted) setFailure(err instanceof RequestError ? err.message : t('request.network'));
      });
    return () => ctrl.abort();
  }, [id, onEnd, t]);

  const cancel = async () => {
    setCancelling(true);
    try {
      await cancelJob(id);
    } catch {
      // it ended meanwhile
    } finally {
      setCancelling(false);
    }
  };

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="export-job">
      <JobProgress job={job} onCancel={failure ? undefined : () => void cancel()} cancelling={cancelling} />
      {failure && (
        <>
          <Alert type="error" showIcon title={failure} />
          <div style={{ textAlign: 'right' }}>
            <Button onClick={() => onEnd(false)} data-testid="export-job-close">
              {t('jobs.close')}
            </Button>
          </div>
        </>
      )}
    </Space>
  );
}

/**
 * Runs an export of `code` (the list's query body) as a job in a dialog: progress, cancel, then the
 * download. Resolves once the dialog has closed.
 */
export async function runExport(code: string, name: string, body: Record<string, unknown>): Promise<void> {
  const id = await startExport(code, body);
  const modal = bridge.modal;
  if (!modal) return;
  await new Promise<void>((resolve) => {
    const m = modal.info({
      title: i18n.t('jobs.exportTitle', { name }),
      icon: null,
      closable: false,
      footer: null,
      width: 480,
      rootClassName: 'export-job-modal',
      content: (
        <ExportJobView
          id={id}
          onEnd={() => {
            m.destroy();
            resolve();
          }}
        />
      ),
    });
  });
}
