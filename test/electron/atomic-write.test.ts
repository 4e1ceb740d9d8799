import * as fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AtomicWriteIo, writeFileAtomic } from '../../electron/main/atomic-write.ts';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(join(tmpdir(), 'sb-atomic-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const bytes = (text: string) => new TextEncoder().encode(text);
const leftovers = async () => (await fs.readdir(dir)).filter((name) => name.includes('.tmp-'));

/** Real file-system calls, except that a write stops after 2 bytes with ENOSPC (a full disk). */
function failingWriteIo(): AtomicWriteIo {
  return {
    ...{ rename: fs.rename, rm: fs.rm, stat: fs.stat },
    open: (async (path: string, flags: string, mode?: number) => {
      const handle = await fs.open(path, flags, mode);
      return new Proxy(handle, {
        get(target, key) {
          if (key === 'writeFile') {
            return async (data: Uint8Array) => {
              await target.writeFile(data.subarray(0, 2));
              throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
            };
          }
          const value = Reflect.get(target, key);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    }) as AtomicWriteIo['open'],
  };
}

describe('writeFileAtomic', () => {
  it('creates a new file', async () => {
    const target = join(dir, 'new.sbproj');
    await writeFileAtomic(target, bytes('hello'));
    expect(await fs.readFile(target, 'utf8')).toBe('hello');
    expect(await leftovers()).toEqual([]);
  });

  it('replaces an existing file whole', async () => {
    const target = join(dir, 'doc.sbproj');
    await fs.writeFile(target, 'a much longer old content');
    await writeFileAtomic(target, bytes('new'));
    expect(await fs.readFile(target, 'utf8')).toBe('new');
  });

  it('keeps the old file intact and removes the temporary file when the write fails', async () => {
    const target = join(dir, 'doc.sbproj');
    await fs.writeFile(target, 'OLD CONTENT');
    await expect(writeFileAtomic(target, bytes('NEW CONTENT'), failingWriteIo())).rejects.toMatchObject({
      code: 'ENOSPC',
    });
    expect(await fs.readFile(target, 'utf8')).toBe('OLD CONTENT');
    expect(await leftovers()).toEqual([]);
  });

  it('keeps the old file intact when the rename fails', async () => {
    const target = join(dir, 'doc.sbproj');
    await fs.writeFile(target, 'OLD');
    const io: AtomicWriteIo = {
      open: fs.open,
      stat: fs.stat,
      rm: fs.rm,
      rename: async () => {
        throw Object.assign(new Error('EXDEV: cross-device link not permitted'), { code: 'EXDEV' });
      },
    };
    await expect(writeFileAtomic(target, bytes('NEW'), io)).rejects.toThrow('EXDEV');
    expect(await fs.readFile(target, 'utf8')).toBe('OLD');
    expect(await leftovers()).toEqual([]);
  });

  it('fails without side effects when the target is a folder', async () => {
    const target = join(dir, 'folder');
    await fs.mkdir(target);
    await fs.writeFile(join(target, 'inside.txt'), 'kept');
    await expect(writeFileAtomic(target, bytes('x'))).rejects.toThrow();
    expect(await fs.readFile(join(target, 'inside.txt'), 'utf8')).toBe('kept');
    expect(await leftovers()).toEqual([]);
  });

  it('fails when the folder does not exist', async () => {
    await expect(writeFileAtomic(join(dir, 'missing', 'a.json'), bytes('x'))).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });

  // Windows has no POSIX permission bits to keep.
  it.skipIf(process.platform === 'win32')('keeps the permissions of the file it replaces', async () => {
    const target = join(dir, 'private.json');
    await fs.writeFile(target, 'old', { mode: 0o600 });
    await fs.chmod(target, 0o600);
    await writeFileAtomic(target, bytes('new'));
    expect((await fs.stat(target)).mode & 0o777).toBe(0o600);
  });
});
