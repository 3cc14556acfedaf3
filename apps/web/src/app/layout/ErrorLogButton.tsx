import { BugOutlined } from '@ant-design/icons';
import { Badge } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useErrorLogStore } from '../stores/error-log';
import { useOpenedOnce } from './opened-once';

const ErrorLogModal = lazy(() => import('./ErrorLogModal'));

/** Shown only when client errors were captured; lists them. */
export function ErrorLogButton() {
  const count = useErrorLogStore((s) => s.logs.length);
  const [open, setOpen] = useState(false);
  const loaded = useOpenedOnce(open);
  if (count === 0) return null;
  return (
    <>
      <button type="button" className="right-item" onClick={() => setOpen(true)} data-testid="error-log">
        <Badge count={count} size="small">
          <BugOutlined style={{ color: '#f5222d', fontSize: 17 }} />
        </Badge>
      </button>
      {loaded && (
        <Suspense>
          <ErrorLogModal open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
