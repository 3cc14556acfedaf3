import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SECRET_PREFIX } from '@tagloom/domain';
import type { AppContext } from '../../../core/context.js';

/**
 * Secrets at rest (data-source passwords): AES-256-GCM with a random 96-bit IV per value, stored
 * as `v1:` + base64(iv ‖ tag ‖ ciphertext). The key comes from DATA_SOURCE_KEY, or from a key
 * file created once under DATA_DIR/keys (fine for one host; several hosts must share the env key).
 */
const AAD = Buffer.from('tagloom:data-source');
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretUnreadable extends Error {}

/** 64 hex digits or base64 of 32 bytes are used as they are; any other text is stretched with scrypt. */
export function parseKey(text: string): Buffer {
  const t = text.trim();
  if (/^[0-9a-f]{64}$/i.test(t)) return Buffer.from(t, 'hex');
  if (/^[A-Za-z0-9+/]{43}=$/.test(t)) return Buffer.from(t, 'base64');
  if (t.length < 16)
    throw new Error('DATA_SOURCE_KEY must be 32 random bytes (64 hex digits or base64) or a passphrase of at least 16 characters');
  return scryptSync(t, 'tagloom-data-source', 32);
}

/** Read the key file, or create it (exclusively: concurrent processes end up with the same key). */
function keyFromFile(file: string): Buffer {
  try {
    return parseKey(readFileSync(file, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(tmp, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
  try {
    linkSync(tmp, file); // fails when another process got there first; theirs wins
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    rmSync(tmp, { force: true });
  }
  return parseKey(readFileSync(file, 'utf8'));
}

export class SecretBox {
  private key: Buffer | undefined;

  constructor(private readonly source: { envKey?: string; keyFile: string }) {}

  /** Loaded on first use, so a server that never stores a secret never writes a key file. */
  private get secretKey(): Buffer {
    this.key ??= this.source.envKey ? parseKey(this.source.envKey) : keyFromFile(this.source.keyFile);
    return this.key;
  }

  encrypt(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.secretKey, iv);
    cipher.setAAD(AAD);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return SECRET_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
  }

  /** The plain text, or SecretUnreadable when the value was not sealed with this key. */
  decrypt(stored: string): string {
    if (!stored.startsWith(SECRET_PREFIX)) throw new SecretUnreadable('not an encrypted value');
    const raw = Buffer.from(stored.slice(SECRET_PREFIX.length), 'base64');
    if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretUnreadable('truncated value');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.secretKey, raw.subarray(0, IV_BYTES));
      decipher.setAAD(AAD);
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretUnreadable('wrong key or altered value');
    }
  }
}

const boxes = new WeakMap<AppContext, SecretBox>();

/** The data-source secret box of this server (one per context: hooks and routes share it). */
export function dataSourceSecrets(ctx: AppContext, env: NodeJS.ProcessEnv = process.env): SecretBox {
  let box = boxes.get(ctx);
  if (!box) {
    box = new SecretBox({ envKey: env.DATA_SOURCE_KEY || undefined, keyFile: path.join(ctx.config.dataDir, 'keys', 'data-source.key') });
    boxes.set(ctx, box);
  }
  return box;
}
