/**
 * A job's progress: its phase (the server's message), a bar, and a cancel button while it has not ended.
 * Once ended it names the state only: the caller shows the outcome (the message once, not twice).
 */
import { Button, Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Job } from './api';

/** A queued job's place in line ("No. 2 in line"), or nothing. */
export const jobPosition = (job: Job | undefined, t: (key: string, params: Record<string, unknown>) => string): string =>
  job?.state === 'queued' && job.position ? t('jobs.position', { position: job.position }) : '';

export const jobPercent = (job: Job | undefined): number =>
  job?.state === 'done' ? 100 : job?.total ? Math.min(100, Math.round((job.done / job.total) * 100)) : 0;

export function JobProgress({ job, onCancel, cancelling }: { job: Job | undefined; onCancel?: () => void; cancelling?: boolean }) {
  const { t } = useTranslation();
  const ended = !!job?.final;
  const status = job?.state === 'failed' || job?.state === 'cancelled' ? 'exception' : job?.state === 'done' ? 'success' : 'active';
  const counts =
    job && job.total > 0 && !ended
      ? t('jobs.counts', { done: job.done.toLocaleString(), total: job.total.toLocaleString() })
      : jobPosition(job, t);
  return (
    <div className="job-progress" data-testid="job-progress" data-state={job?.state ?? 'starting'}>
      <div className="job-progress-head">
        <Typography.Text type="secondary" data-testid="job-progress-message">
          {!job ? t('jobs.starting') : ended ? t(`jobs.state.${job.state}`) : job.message || t(`jobs.state.${job.state}`)}
        </Typography.Text>
        <Space size={8}>
          {counts && <Typography.Text type="secondary">{counts}</Typography.Text>}
          {onCancel && !ended && (
            <Button size="small" onClick={onCancel} loading={cancelling || job?.cancelRequested} data-testid="job-cancel">
              {t('jobs.cancel')}
            </Button>
          )}
        </Space>
      </div>
      <Progress percent={jobPercent(job)} status={status} data-testid="import-progress" />
    </div>
  );
}
