/**
 * An order's EPC state in the list: while Get EPC runs, its job's progress (followed live for the
 * user who started it; others see the state), then the state's badge; the list refreshes when the job ends.
 */
import { EPC_STATE } from '@tagloom/domain/resources/label/orders/enums.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Progress, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { fetchJob, followJob, type Job } from '../../../components/jobs/api';
import { jobPercent } from '../../../components/jobs/JobProgress';
import { EnumValue } from '../../../components/resource/field-render';
import type { Row } from '../../../components/resource/types';

export function EpcProgress({ row, code }: { row: Row; code: string }) {
  const queryClient = useQueryClient();
  const [job, setJob] = useState<Job | undefined>();
  const jobId = row.epcState === EPC_STATE.GENERATING ? String(row.epcJobId ?? '') : '';
  useEffect(() => {
    if (!jobId) return;
    const ctrl = new AbortController();
    // only the job's owner may read it: others see the state's badge
    fetchJob(jobId)
      .then((first) => {
        setJob(first);
        return followJob(jobId, setJob, ctrl.signal);
      })
      .then(() => queryClient.invalidateQueries({ queryKey: ['resource', code] }))
      .catch(() => undefined);
    return () => ctrl.abort();
  }, [jobId, code, queryClient]);
  if (!jobId || !job) return <EnumValue enumName="EpcState" value={row.epcState} testId="epc-state" />;
  return (
    <Tooltip title={job.message}>
      <Progress
        percent={jobPercent(job)}
        size="small"
        status={job.state === 'failed' ? 'exception' : 'active'}
        data-testid="epc-progress"
        style={{ minWidth: 90 }}
      />
    </Tooltip>
  );
}
