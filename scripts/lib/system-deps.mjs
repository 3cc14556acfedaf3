// Finds (and, as root, installs with apt) the system programs the tests need: Chromium, PostgreSQL and
// the mosquitto MQTT broker.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** The MQTT broker the readers' MQTT tests start (Debian's package installs it here). */
export const MOSQUITTO = process.env.MOSQUITTO_PATH || '/usr/sbin/mosquitto';

/** Directory holding initdb/pg_ctl of the newest installed PostgreSQL, or undefined. */
export function pgBinDir() {
  if (process.env.PG_BIN && existsSync(`${process.env.PG_BIN}/initdb`)) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(`${root}/${v}/bin/initdb`))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? `${root}/${versions[0]}/bin` : undefined;
}

/** Chinese glyphs for the browser screenshots (without them zh_CN/zh_TW text shows as boxes). */
function hasCjkFont() {
  try {
    return execSync('fc-list :lang=zh family', { encoding: 'utf8' }).trim().length > 0;
  } catch {
    return false;
  }
}

export function ensureSystemDeps() {
  const missing = [];
  if (!existsSync(CHROMIUM)) missing.push('chromium');
  if (!pgBinDir()) missing.push('postgresql');
  if (!existsSync(MOSQUITTO)) missing.push('mosquitto');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!hasCjkFont()) {
    if (isRoot) missing.push('fonts-noto-cjk');
    else console.warn('No Chinese font (Debian package fonts-noto-cjk): screenshots will show boxes for Chinese text.');
  }
  if (!missing.length) return;
  if (!isRoot) {
    console.error(
      `The tests need these Debian packages: ${missing.join(' ')}. Install them (sudo apt-get install -y ${missing.join(' ')}) and run npm test again.`,
    );
    process.exit(1);
  }
  console.log(`Installing ${missing.join(', ')} with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execSync('apt-get update -q', { stdio: 'inherit', env });
  execSync(`apt-get install -y -q --no-install-recommends ${missing.join(' ')}`, { stdio: 'inherit', env });
}
