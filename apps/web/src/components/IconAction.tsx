import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';

/** A row's action as an icon link: its name shown in a tooltip and given as the button's accessible name. */
export function IconAction(p: { title: string; icon: ReactNode; onClick: () => void; testId: string; danger?: boolean }) {
  return (
    <Tooltip title={p.title}>
      <Button type="link" size="small" danger={p.danger} icon={p.icon} aria-label={p.title} onClick={p.onClick} data-testid={p.testId} />
    </Tooltip>
  );
}
