/** "My jobs" in the header: the caller's latest jobs with their progress, followed live while the popover is open. */
import { ProfileOutlined } from '@ant-design/icons';
import { Button, Empty, Popover, Progress, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseTime } from '../../app/parse-time';
import { downloadJob, type Job, myJobs, readJobEvents } from './api';
import { jobPercent, jobPosition } from './JobProgress';
import './jobs.css';

function JobItem({ job }: { job: Job }) {
  const { t } = useTranslation();
  const kind = t(`jobs.kind.${job.kind}`, { defaultValue: t('jobs.kind.other') });
  const failed = job.state === 'failed' || job.state === 'cancelled';
  return (
    <div className="jobs-popover-item" data-testid="jobs-item" data-state={job.state}>
      <div className="jobs-popover-title">
        <Typography.Text strong>{kind}</Typography.Text>
        <Typography.Text type="secondary">{parseTime(job.createdAt)}</Typography.Text>
      </div>
      <Typography.Text type={failed ? 'danger' : 'secondary'} ellipsis={{ tooltip: job.message }}>
        {job.message || t(`jobs.state.${job.state}`)}
        {jobPosition(job, t) && ` · ${jobPosition(job, t)}`}
      </Typography.Text>
      {!job.final && <Progress percent={jobPercent(job)} size="small" status="active" />}
      {job.download && (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => void downloadJob(job.id)}>
          {t('jobs.download')}
        </Button>
      )}
    </div>
  );
}

export function JobsButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [jobs, setJobs] = useState<Job[]>([]);

  useEffect(() => {
    if (!open) return;
    const ctrl = new AbortController();
    const merge = (job: Job) =>
      setJobs((list) => [job, ...list.filter((j) => j.id !== job.id)].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, 20));
    (async () => {
      try {
        const list = await myJobs();
        if (!ctrl.signal.aborted) setJobs(list);
        // the stream ends once no job runs: opened again while the popover is
        while (!ctrl.signal.aborted) {
          await readJobEvents('/jobs/events', merge, ctrl.signal);
          await new Promise((r) => setTimeout(r, 2000));
        }
      } catch {
        // closed, or the server is away: the list shown stays
      }
    })();
    return () => ctrl.abort();
  }, [open]);

  const content = (
    <div className="jobs-popover" data-testid="jobs-popover">
      {jobs.length ? (
        jobs.map((j) => <JobItem key={j.id} job={j} />)
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('jobs.none')} />
      )}
    </div>
  );
  return (
    <Popover content={content} title={t('jobs.myJobs')} trigger="click" open={open} onOpenChange={setOpen} placement="bottomRight">
      <Tooltip title={t('jobs.myJobs')}>
        <button type="button" className="right-item" data-testid="jobs-button" aria-label={t('jobs.myJobs')}>
          <ProfileOutlined style={{ fontSize: 17 }} />
        </button>
      </Tooltip>
    </Popover>
  );
}
