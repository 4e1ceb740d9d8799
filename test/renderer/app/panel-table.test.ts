import { describe, expect, test } from 'vitest';
import { PANELS, toggledPanels } from '../../../renderer/src/app/panel-table.ts';

describe('the panel table', () => {
  test('names each panel once, with its own element', () => {
    const ids = PANELS.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    const selectors = PANELS.map((p) => p.selector);
    expect(new Set(selectors).size).toBe(selectors.length);
  });

  test('gives each toggle its own test id, a tooltip, and a text for each state where it has two', () => {
    const toggles = toggledPanels().map((p) => p.toggle);
    expect(toggles.map((t) => t.testId)).toEqual([
      'toggle-scene-editor',
      'toggle-plots',
      'toggle-calibration',
      'toggle-preset-library',
      'toggle-stats',
    ]);
    for (const toggle of toggles) {
      expect(toggle.title.length, toggle.testId).toBeGreaterThan(0);
      if (typeof toggle.text !== 'string') expect(toggle.text.open).not.toBe(toggle.text.closed);
    }
  });

  test('mounts the plots before the calibration, whose toggle joins the plots header', () => {
    const order = PANELS.map((p) => p.id);
    expect(order.indexOf('plots')).toBeLessThan(order.indexOf('calibration'));
  });
});
