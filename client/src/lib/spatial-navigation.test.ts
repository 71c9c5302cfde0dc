import { describe, expect, it } from 'vitest';
import { type Box, nearestInDirection } from './spatial-navigation';

const box = (left: number, top: number, width = 100, height = 40): Box => ({ left, top, width, height });

describe('nearestInDirection', () => {
  // The answers as a 2×2 grid, the lifelines in a row below, Read again under them.
  const a = box(0, 0);
  const b = box(120, 0);
  const c = box(0, 60);
  const d = box(120, 60);
  const fifty = box(0, 140, 60);
  const audience = box(80, 140, 60);
  const family = box(160, 140, 60);
  const again = box(60, 200);
  const all = [a, b, c, d, fifty, audience, family, again];

  it('moves across the answer grid as a remote would', () => {
    expect(nearestInDirection(a, all, 'right')).toBe(1);
    expect(nearestInDirection(a, all, 'down')).toBe(2);
    expect(nearestInDirection(d, all, 'left')).toBe(2);
    expect(nearestInDirection(d, all, 'up')).toBe(1);
  });

  it('goes down from the answers to the lifelines, and on to the button under them', () => {
    expect(nearestInDirection(c, all, 'down')).toBe(4);
    expect(nearestInDirection(d, all, 'down')).toBe(6);
    expect(nearestInDirection(audience, all, 'down')).toBe(7);
    expect(nearestInDirection(fifty, all, 'right')).toBe(5);
  });

  it('stays put where nothing lies that way', () => {
    expect(nearestInDirection(a, all, 'up')).toBeNull();
    expect(nearestInDirection(a, all, 'left')).toBeNull();
    expect(nearestInDirection(again, all, 'down')).toBeNull();
  });
});
