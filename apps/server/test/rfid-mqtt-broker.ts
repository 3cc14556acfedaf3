/**
 * A throwaway mosquitto for the MQTT tests: its own port on 127.0.0.1, anonymous, persistence in a
 * temp folder (saved on every change, so a restart, even after SIGKILL, keeps the queued QoS 1
 * messages and the persistent sessions). Debian's package: scripts/lib/system-deps.mjs installs it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const MOSQUITTO = process.env.MOSQUITTO_PATH || '/usr/sbin/mosquitto';

export interface Broker {
  url: string;
  port: number;
  /** stops the broker: 'SIGTERM' saves its state and exits, 'SIGKILL' is a crash */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** starts it again on the same port and persistence folder */
  start(): Promise<void>;
  /** stops it and removes its folder */
  dispose(): Promise<void>;
  /** what it wrote on stderr (for a failing test's message) */
  output(): string;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Resolves when something accepts connections on the port, polling until `timeoutMs`. */
async function listening(port: number, child: ChildProcess, out: () => string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`mosquitto exited: ${out()}`);
    const up = await new Promise<boolean>((resolve) => {
      const s = connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (up) return;
    if (Date.now() > deadline) throw new Error(`mosquitto did not listen on ${port}: ${out()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function startBroker(): Promise<Broker> {
  if (!existsSync(MOSQUITTO)) throw new Error(`${MOSQUITTO} missing: install the Debian package mosquitto (scripts/lib/system-deps.mjs)`);
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'tagloom-mqtt-'));
  const data = path.join(dir, 'data');
  mkdirSync(data);
  const conf = path.join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'persistence true',
      `persistence_location ${data}/`,
      // write the state after every change: a killed broker keeps what it acknowledged
      'autosave_on_changes true',
      'autosave_interval 1',
      'max_queued_messages 100000',
      'max_inflight_messages 20',
      // as root, mosquitto would switch to the user "mosquitto", who cannot write the temp folder
      ...(process.getuid?.() === 0 ? ['user root'] : []),
      'log_dest stderr',
      // MOSQUITTO_LOG=all: every packet (to see what a failing test's broker did)
      ...(process.env.MOSQUITTO_LOG === 'all' ? ['log_type all'] : ['log_type error', 'log_type warning']),
      '',
    ].join('\n'),
  );
  let child: ChildProcess | undefined;
  let stderr = '';
  const output = () => stderr.slice(-4000);

  const start = async () => {
    child = spawn(MOSQUITTO, ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr?.on('data', (d) => {
      stderr += String(d);
    });
    await listening(port, child, output);
  };
  const stop = async (signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') => {
    const c = child;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill(signal);
    await exited;
  };
  await start();
  return {
    url: `mqtt://127.0.0.1:${port}`,
    port,
    start,
    stop,
    output,
    dispose: async () => {
      await stop('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
