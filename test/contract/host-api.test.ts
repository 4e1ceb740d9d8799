import { describe, expect, it } from 'vitest';
import { HostFailure, hostChannels, isHostError } from '../../contract/host-api.ts';

describe('host channels', () => {
  it('names every channel sb:<member> once', () => {
    const channels = Object.entries(hostChannels);
    expect(new Set(channels.map(([, channel]) => channel)).size).toBe(channels.length);
    for (const [member, channel] of channels) {
      expect(channel).toBe(member === 'onMenuCommand' ? 'sb:menuCommand' : `sb:${member}`);
    }
  });
});

describe('host errors', () => {
  it('cross as plain { name, message } data', () => {
    const error = new HostFailure('PathNotAllowed', 'no');
    expect(error).toBeInstanceOf(Error);
    expect(structuredClone(error.toHostError())).toEqual({ name: 'PathNotAllowed', message: 'no' });
    expect(isHostError({ name: 'FileReadFailed', message: 'x' })).toBe(true);
    expect(isHostError({ name: 'Whatever', message: 'x' })).toBe(false);
    expect(isHostError({ name: 'FileReadFailed' })).toBe(false);
    expect(isHostError(null)).toBe(false);
  });
});
