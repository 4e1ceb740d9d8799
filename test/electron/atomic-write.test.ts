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
function failingWriteIo(): Partial<AtomicWriteIo> {
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
    const io: Partial<AtomicWriteIo> = {
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

/** Real calls, except that creating the temporary file fails as in a folder the user may not write. */
const readOnlyFolderIo: Partial<AtomicWriteIo> = {
  open: (async (path: string, flags: string, mode?: number) => {
    if (flags === 'wx')
      throw Object.assign(new Error(`EACCES: permission denied, open '${path}'`), { code: 'EACCES' });
    return fs.open(path, flags, mode);
  }) as AtomicWriteIo['open'],
};

describe('writeFileAtomic and links', () => {
  it.skipIf(process.platform === 'win32')('writes the file a link points to and keeps the link', async () => {
    const real = join(dir, 'real.sbproj');
    const link = join(dir, 'link.sbproj');
    await fs.writeFile(real, 'OLD');
    await fs.symlink(real, link);
    await writeFileAtomic(link, bytes('NEW'));
    expect((await fs.lstat(link)).isSymbolicLink()).toBe(true);
    expect(await fs.readFile(real, 'utf8')).toBe('NEW');
  });

  it.skipIf(process.platform === 'win32')(
    'follows a chain of relative links, and a link to a file not yet made',
    async () => {
      await fs.mkdir(join(dir, 'store'));
      await fs.symlink(join('store', 'made-later.sbproj'), join(dir, 'second'));
      await fs.symlink('second', join(dir, 'first.sbproj'));
      await writeFileAtomic(join(dir, 'first.sbproj'), bytes('CREATED'));
      expect(await fs.readFile(join(dir, 'store', 'made-later.sbproj'), 'utf8')).toBe('CREATED');
      expect((await fs.lstat(join(dir, 'first.sbproj'))).isSymbolicLink()).toBe(true);
    },
  );
});

describe('writeFileAtomic sweeps stale temporary files', () => {
  const now = Date.UTC(2030, 0, 1);
  const hoursAgo = (hours: number) => new Date(now - hours * 3600_000);

  it('removes leftovers of the same target older than an hour and keeps the rest', async () => {
    const target = join(dir, 'doc.sbproj');
    const stale = join(dir, 'doc.sbproj.tmp-0123456789ab');
    const fresh = join(dir, 'doc.sbproj.tmp-ba9876543210');
    const otherTarget = join(dir, 'other.sbproj.tmp-0123456789ab');
    const notOurs = join(dir, 'doc.sbproj.tmp-notes');
    for (const path of [stale, fresh, otherTarget, notOurs]) await fs.writeFile(path, 'x');
    for (const path of [stale, otherTarget, notOurs]) await fs.utimes(path, hoursAgo(2), hoursAgo(2));
    await fs.utimes(fresh, hoursAgo(0.5), hoursAgo(0.5));
    await writeFileAtomic(target, bytes('NEW'), {}, { now });
    expect((await fs.readdir(dir)).sort()).toEqual(
      [
        'doc.sbproj',
        'doc.sbproj.tmp-ba9876543210',
        'doc.sbproj.tmp-notes',
        'other.sbproj.tmp-0123456789ab',
      ].sort(),
    );
  });
});

describe('writeFileAtomic where the folder is read-only but the file is writable', () => {
  let backups: string;
  beforeEach(async () => {
    backups = await fs.mkdtemp(join(tmpdir(), 'sb-backup-'));
  });
  afterEach(async () => {
    await fs.rm(backups, { recursive: true, force: true });
  });

  it('writes into the file itself, keeping its identity, and removes its backup copy', async () => {
    const target = join(dir, 'shared.sbproj');
    await fs.writeFile(target, 'A LONGER OLD CONTENT');
    const before = await fs.stat(target);
    await writeFileAtomic(target, bytes('NEW'), readOnlyFolderIo, { backupFolder: backups });
    expect(await fs.readFile(target, 'utf8')).toBe('NEW');
    expect((await fs.stat(target)).ino).toBe(before.ino);
    expect(await fs.readdir(backups)).toEqual([]);
    expect(await leftovers()).toEqual([]);
  });

  it('puts the old content back when the write into the file fails', async () => {
    const target = join(dir, 'shared.sbproj');
    await fs.writeFile(target, 'OLD CONTENT');
    const io: Partial<AtomicWriteIo> = {
      open: (async (path: string, flags: string, mode?: number) => {
        const handle = await (readOnlyFolderIo.open as AtomicWriteIo['open'])(path, flags, mode);
        if (flags !== 'r+') return handle;
        return new Proxy(handle, {
          get(object, key) {
            if (key === 'truncate') {
              return async () => {
                throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
              };
            }
            const value = Reflect.get(object, key);
            return typeof value === 'function' ? value.bind(object) : value;
          },
        });
      }) as AtomicWriteIo['open'],
    };
    await expect(writeFileAtomic(target, bytes('NEW!'), io, { backupFolder: backups })).rejects.toMatchObject(
      { code: 'ENOSPC' },
    );
    expect(await fs.readFile(target, 'utf8')).toBe('OLD CONTENT');
    expect(await fs.readdir(backups)).toEqual([]);
  });

  it('keeps the backup and names it when the old content cannot be put back', async () => {
    const target = join(dir, 'shared.sbproj');
    await fs.writeFile(target, 'OLD CONTENT');
    let copies = 0;
    const io: Partial<AtomicWriteIo> = {
      ...readOnlyFolderIo,
      copyFile: (async (from: string, to: string) => {
        copies += 1;
        if (copies > 1) throw Object.assign(new Error('EIO: i/o error'), { code: 'EIO' });
        await fs.copyFile(from, to);
      }) as AtomicWriteIo['copyFile'],
      open: (async (path: string, flags: string, mode?: number) => {
        const handle = await (readOnlyFolderIo.open as AtomicWriteIo['open'])(path, flags, mode);
        if (flags !== 'r+') return handle;
        return Object.assign(Object.create(handle), {
          write: async () => {
            throw Object.assign(new Error('EIO: i/o error'), { code: 'EIO' });
          },
          close: () => handle.close(),
        });
      }) as AtomicWriteIo['open'],
    };
    const failure = writeFileAtomic(target, bytes('NEW'), io, { backupFolder: backups });
    await expect(failure).rejects.toThrow(/the previous content is kept in .*shared\.sbproj\.backup-/);
    const [backup] = await fs.readdir(backups);
    expect(await fs.readFile(join(backups, backup), 'utf8')).toBe('OLD CONTENT');
  });

  it('fails without a fallback for a file that does not exist yet', async () => {
    const target = join(dir, 'new.sbproj');
    await expect(
      writeFileAtomic(target, bytes('NEW'), readOnlyFolderIo, { backupFolder: backups }),
    ).rejects.toMatchObject({ code: 'EACCES' });
    expect(await fs.readdir(dir)).toEqual([]);
  });
});
