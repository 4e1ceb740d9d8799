import { describe, expect, it } from 'vitest';
import { constraintForceText } from '../../../renderer/src/panels/constraint-force-text.ts';

describe('constraint force readout', () => {
  it('shows the largest force in N and stress in kPa or MPa over the groups, or a dash', () => {
    expect(constraintForceText([{}])).toBe('—');
    expect(constraintForceText([{ maxConstraintForceN: 1.5 }, { maxConstraintForceN: 12.345 }])).toBe(
      '12.3 N',
    );
    expect(constraintForceText([{ maxConstraintStressPa: 2500 }])).toBe('2.50 kPa');
    expect(constraintForceText([{ maxConstraintForceN: 3, maxConstraintStressPa: 2.5e6 }])).toBe(
      '3.00 N · 2.50 MPa',
    );
  });
});
