/** Client errors captured in production builds, listed from the navbar. */
import { create } from 'zustand';

export interface ErrorLogEntry {
  time: number;
  message: string;
  stack: string;
  url: string;
}

interface ErrorLogState {
  logs: ErrorLogEntry[];
  add: (e: Omit<ErrorLogEntry, 'time' | 'url'>) => void;
  clear: () => void;
}

export const useErrorLogStore = create<ErrorLogState>((set, get) => ({
  logs: [],
  add: (e) => set({ logs: [...get().logs.slice(-99), { ...e, time: Date.now(), url: window.location.pathname }] }),
  clear: () => set({ logs: [] }),
}));

/** Captures uncaught errors and rejections; on only in production (spec §9). */
export function installErrorLog(enabled: boolean): void {
  if (!enabled) return;
  window.addEventListener('error', (ev) => {
    useErrorLogStore.getState().add({ message: ev.message, stack: ev.error?.stack ?? '' });
  });
  window.addEventListener('unhandledrejection', (ev) => {
    const r = ev.reason as { message?: string; stack?: string; kind?: string } | undefined;
    // failed calls were already reported to the user by the request layer
    if (r && typeof r === 'object' && 'kind' in r) return;
    useErrorLogStore.getState().add({ message: String(r?.message ?? r), stack: r?.stack ?? '' });
  });
}
