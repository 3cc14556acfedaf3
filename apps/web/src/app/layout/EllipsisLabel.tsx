/** A one-line label that, when cut short by its box, shows the whole text in a tooltip. */
import { Tooltip, type TooltipProps } from 'antd';
import { useRef, useState } from 'react';

/** whether the label, or the menu item's title box around it, cuts the text */
function isCut(el: HTMLElement | null): boolean {
  if (!el) return false;
  const box = el.closest<HTMLElement>('.ant-menu-title-content') ?? el;
  return el.scrollWidth > el.clientWidth + 1 || el.scrollWidth > box.clientWidth + 1;
}

export function EllipsisLabel({ text, placement = 'right' }: { text: string; placement?: TooltipProps['placement'] }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);
  return (
    <Tooltip title={text} placement={placement} open={open} onOpenChange={(next) => setOpen(next && isCut(ref.current))}>
      <span ref={ref} className="ellipsis-label" data-testid="ellipsis-label">
        {text}
      </span>
    </Tooltip>
  );
}
