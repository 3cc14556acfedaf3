import { useState } from 'react';

/**
 * True from the first time `open` is: a drawer or modal whose code loads on first use stays mounted
 * after it, so that it closes with its animation and opens again at once.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
