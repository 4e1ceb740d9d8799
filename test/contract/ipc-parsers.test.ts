import { describe, expect, it } from 'vitest';
import { hostChannels, menuCommands } from '../../contract/host-api.ts';
import { ipcContract, parsePreferences, parseSaveRequest } from '../../contract/ipc-parsers.ts';

describe('IPC contract table', () => {
  it('validates every channel of host-api.ts on the channel it names', () => {
    expect(
      Object.fromEntries(Object.entries(ipcContract).map(([member, spec]) => [member, spec.channel])),
    ).toEqual(hostChannels);
  });

  it('validates the menu command event', () => {
    for (const command of menuCommands) {
      expect(ipcContract.onMenuCommand.parseArgs([command, {}])).toEqual([command, {}]);
    }
    expect(() => ipcContract.onMenuCommand.parseArgs(['rm -rf', {}])).toThrow(
      'sb:menuCommand: command must be one of',
    );
    expect(() => ipcContract.onMenuCommand.parseArgs(['save'])).toThrow(
      'expected command, detail, got 1 argument',
    );
  });

  it('returns validated copies, not the objects it was given', () => {
    const filters = [{ name: 'J', extensions: ['json'] }];
    const request = parseSaveRequest({ suggestedName: 'a.json', bytes: new Uint8Array(1), filters }, 'r');
    expect(request.filters).toEqual(filters);
    expect(request.filters).not.toBe(filters);
    expect(parsePreferences({ theme: 'dark', showGrid: true }, 'p')).toEqual({
      theme: 'dark',
      showGrid: true,
    });
  });

  it('accepts a Node Buffer as bytes (a Uint8Array subclass)', () => {
    expect(() => parseSaveRequest({ suggestedName: 'a', bytes: Buffer.from('x') }, 'r')).not.toThrow();
  });

  it('treats undefined optional properties as absent', () => {
    expect(
      parseSaveRequest({ suggestedName: 'a', bytes: new Uint8Array(1), path: undefined }, 'r'),
    ).not.toHaveProperty('path');
  });
});
