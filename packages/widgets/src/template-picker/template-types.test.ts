import { describe, expect, it } from 'vitest';
import { DocumentTemplateTypes } from '@hcm/contracts/settings';
import { OFFERED_TYPES, initialTypeFilter } from './template-types.ts';

describe('the picker’s type filter', () => {
  it('offers every type of the contract but the leader work plan', () => {
    expect(OFFERED_TYPES).not.toContain('LEADER_WORK_PLAN');
    expect([...OFFERED_TYPES, 'LEADER_WORK_PLAN'].sort()).toEqual(Object.keys(DocumentTemplateTypes).sort());
  });

  it('is fixed to the opener’s type, a single one, whatever else it asks', () => {
    expect(initialTypeFilter({ fixedType: 'CONTRACT', types: ['REWARD'], multiple: true })).toEqual({
      types: ['CONTRACT'],
      fixed: true,
      multiple: false,
    });
    // an unknown fixed type fixes nothing
    expect(initialTypeFilter({ fixedType: 'NOPE', multiple: false })).toEqual({
      types: [],
      fixed: false,
      multiple: false,
    });
  });

  it('starts from the preset types it offers, several when the picker picks several or the preset names several', () => {
    expect(
      initialTypeFilter({ types: ['REWARD', 'LEADER_WORK_PLAN', 'NOPE', 'REWARD'], multiple: false }),
    ).toEqual({ types: ['REWARD'], fixed: false, multiple: false });
    expect(initialTypeFilter({ types: ['REWARD', 'DISCIPLINE'], multiple: false })).toEqual({
      types: ['REWARD', 'DISCIPLINE'],
      fixed: false,
      multiple: true,
    });
    expect(initialTypeFilter({ multiple: true })).toEqual({ types: [], fixed: false, multiple: true });
  });
});
