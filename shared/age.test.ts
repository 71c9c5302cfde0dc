import { describe, expect, it } from 'vitest';
import { ageCategoriesByNearness, ageCategoryOf } from './age';

describe('age category of an age', () => {
  it.each([
    [1, 'Kids'],
    [12, 'Kids'],
    [13, 'Teenagers'],
    [17, 'Teenagers'],
    [18, 'Adults'],
    [120, 'Adults'],
  ] as const)('age %i is %s', (age, category) => {
    expect(ageCategoryOf(age)).toBe(category);
  });

  it('borrows from the nearest age category, easier first for teenagers', () => {
    expect(ageCategoriesByNearness('Kids')).toEqual(['Kids', 'Teenagers', 'Adults']);
    expect(ageCategoriesByNearness('Teenagers')).toEqual(['Teenagers', 'Kids', 'Adults']);
    expect(ageCategoriesByNearness('Adults')).toEqual(['Adults', 'Teenagers', 'Kids']);
  });
});
