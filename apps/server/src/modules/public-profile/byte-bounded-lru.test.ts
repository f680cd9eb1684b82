import { describe, expect, it } from 'vitest';
import { ByteBoundedLru } from './byte-bounded-lru.js';

describe('ByteBoundedLru', () => {
  it('drops the least recently used values once over its budget', () => {
    const lru = new ByteBoundedLru<string>(10);
    lru.set('a', 'A', 4);
    lru.set('b', 'B', 4);
    expect(lru.get('a')).toBe('A');
    lru.set('c', 'C', 4);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe('A');
    expect(lru.get('c')).toBe('C');
    expect(lru.bytes).toBe(8);
  });

  it('counts a replaced value once, and keeps nothing larger than the budget', () => {
    const lru = new ByteBoundedLru<string>(10);
    lru.set('a', 'A', 4);
    lru.set('a', 'A2', 6);
    expect(lru.bytes).toBe(6);
    expect(lru.size).toBe(1);
    lru.set('a', 'huge', 11);
    expect(lru.get('a')).toBeUndefined();
    expect(lru.bytes).toBe(0);
  });

  it('forgets a deleted value', () => {
    const lru = new ByteBoundedLru<string>(10);
    lru.set('a', 'A', 4);
    lru.delete('a');
    lru.delete('never there');
    expect(lru.get('a')).toBeUndefined();
    expect(lru.bytes).toBe(0);
  });
});
