import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { Logger } from '../../electron/main/log.ts';
import { handleRendererGone, rendererGoneMessage } from '../../electron/main/renderer-crash.ts';

const log: Logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

function fakeWindow() {
  const webContents = Object.assign(new EventEmitter(), { reload: vi.fn() });
  return { webContents, close: vi.fn(), isDestroyed: vi.fn(() => false) };
}

const crashed = { reason: 'crashed', exitCode: 139 } as const;

describe('when the page process is gone', () => {
  it('tells the user why and that the recovery copy is kept', () => {
    const message = rendererGoneMessage(crashed);
    expect(message.message).toBe('The editor stopped: it ended unexpectedly (crashed, exit code 139).');
    expect(message.detail).toMatch(/recovery copy are kept/);
    expect(rendererGoneMessage({ reason: 'oom', exitCode: 0 }).message).toBe(
      'The editor stopped: it ran out of memory.',
    );
    expect(message.buttons).toEqual(['Reload', 'Close Window']);
  });

  it('reloads the page when the user chooses Reload', async () => {
    const window = fakeWindow();
    const show = vi.fn(async () => ({ response: 0 }));
    handleRendererGone(window, show, log);
    window.webContents.emit('render-process-gone', {}, crashed);
    await vi.waitFor(() => expect(window.webContents.reload).toHaveBeenCalledOnce());
    expect(show).toHaveBeenCalledOnce();
    expect(window.close).not.toHaveBeenCalled();
  });

  it('closes the window when the user chooses Close Window', async () => {
    const window = fakeWindow();
    handleRendererGone(window, async () => ({ response: 1 }), log);
    window.webContents.emit('render-process-gone', {}, { reason: 'oom', exitCode: 0 });
    await vi.waitFor(() => expect(window.close).toHaveBeenCalledOnce());
    expect(window.webContents.reload).not.toHaveBeenCalled();
  });

  it('says nothing for a clean exit', () => {
    const window = fakeWindow();
    const show = vi.fn(async () => ({ response: 0 }));
    handleRendererGone(window, show, log);
    window.webContents.emit('render-process-gone', {}, { reason: 'clean-exit', exitCode: 0 });
    expect(show).not.toHaveBeenCalled();
  });
});
