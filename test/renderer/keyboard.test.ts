import { describe, expect, test } from 'vitest';
import { editorCommandForKey, isTextEntry } from '../../renderer/src/app/keyboard.ts';
import { type KeyChord, menuCommandForChord } from '../../renderer/src/host/shortcuts.ts';

const chord = (key: string, mods: Partial<KeyChord> = {}): KeyChord => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('menu shortcuts of the browser host', () => {
  test.each([
    [chord('o', { ctrlKey: true }), 'open-mesh'],
    [chord('o', { metaKey: true }), 'open-mesh'],
    [chord('s', { ctrlKey: true }), 'save'],
    [chord('S', { ctrlKey: true, shiftKey: true }), 'save-as'],
    [chord('e', { ctrlKey: true }), 'export-preset'],
    [chord('z', { metaKey: true }), 'undo'],
    [chord('Z', { metaKey: true, shiftKey: true }), 'redo'],
  ] as const)('%o → %s', (keys, command) => {
    expect(menuCommandForChord(keys)).toBe(command);
  });

  test.each([chord('o'), chord('s', { altKey: true, ctrlKey: true }), chord('x', { ctrlKey: true })])(
    '%o is no menu command',
    (keys) => {
      expect(menuCommandForChord(keys)).toBeNull();
    },
  );
});

describe('editor keys', () => {
  const canvas = { tagName: 'CANVAS' };

  test('Space toggles play and R resets', () => {
    expect(editorCommandForKey(chord(' '), canvas)).toBe('toggle-play');
    expect(editorCommandForKey(chord('r'), canvas)).toBe('reset-simulation');
    expect(editorCommandForKey(chord('R'), null)).toBe('reset-simulation');
  });

  test('F frames the selection', () => {
    expect(editorCommandForKey(chord('f'), canvas)).toBe('frame-selection');
    expect(editorCommandForKey(chord('f'), { tagName: 'INPUT', type: 'text' })).toBeNull();
    expect(editorCommandForKey(chord('f', { ctrlKey: true }), canvas)).toBeNull();
  });

  test('keys typed into text fields stay there', () => {
    for (const target of [
      { tagName: 'INPUT', type: 'text' },
      { tagName: 'INPUT' },
      { tagName: 'INPUT', type: 'number' },
      { tagName: 'TEXTAREA' },
      { tagName: 'DIV', isContentEditable: true },
    ]) {
      expect(isTextEntry(target)).toBe(true);
      expect(editorCommandForKey(chord(' '), target)).toBeNull();
    }
  });

  test('buttons and checkboxes do not take text, so the keys still work there', () => {
    expect(editorCommandForKey(chord(' '), { tagName: 'BUTTON' })).toBe('toggle-play');
    expect(editorCommandForKey(chord('r'), { tagName: 'INPUT', type: 'checkbox' })).toBe('reset-simulation');
  });

  test('with a modifier held the keys are left to the menu and the browser', () => {
    expect(editorCommandForKey(chord('r', { ctrlKey: true }), canvas)).toBeNull();
    expect(editorCommandForKey(chord(' ', { metaKey: true }), canvas)).toBeNull();
  });
});
