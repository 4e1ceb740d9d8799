import { describe, expect, test } from 'vitest';
import { editorCommandForKey } from '../../../renderer/src/app/keyboard.ts';
import { menuCommandForChord } from '../../../renderer/src/host/shortcuts.ts';
import { TOOL_KEYS, toolForKey } from '../../../renderer/src/selection/tool-keys.ts';

const chord = (
  key: string,
  mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {},
) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('tool keys', () => {
  test('G, V, B and N choose grab, select, box and brush, in either case', () => {
    expect(toolForKey(chord('g'), null)).toBe('grab');
    expect(toolForKey(chord('v'), null)).toBe('select');
    expect(toolForKey(chord('B'), null)).toBe('box');
    expect(toolForKey(chord('n'), null)).toBe('brush');
    expect(toolForKey(chord('x'), null)).toBeNull();
  });

  test('they are ignored with a modifier and while typing in a text field', () => {
    expect(toolForKey(chord('b', { ctrlKey: true }), null)).toBeNull();
    expect(toolForKey(chord('v', { metaKey: true }), null)).toBeNull();
    expect(toolForKey(chord('g', { shiftKey: true }), null)).toBeNull();
    expect(toolForKey(chord('b'), { tagName: 'INPUT', type: 'text' })).toBeNull();
    expect(toolForKey(chord('b'), { tagName: 'BUTTON' })).toBe('box');
  });

  test('no tool key is taken by the editor keys or the menu shortcuts', () => {
    for (const key of Object.values(TOOL_KEYS)) {
      for (const k of [key, key.toLowerCase()]) {
        expect(editorCommandForKey(chord(k), null)).toBeNull();
        expect(menuCommandForChord(chord(k))).toBeNull();
      }
    }
  });
});
