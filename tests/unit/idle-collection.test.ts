import { EventEmitter } from 'node:events';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collectWhenIdle, memoryReducingCollection } from '../../src/server/http/idle-collection.ts';

const youngGenerationBytes = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')!.physical_space_size;

describe('the memory-reducing collection', () => {
  it('shrinks the young generation a burst of allocations grew, and leaves no gc global behind', () => {
    const collect = memoryReducingCollection();
    expect(collect).toBeTypeOf('function');
    // Short-lived garbage, as a burst of answers leaves: the young generation grows to hold it.
    let kept = 0;
    for (let round = 0; round < 200_000; round++) kept += JSON.stringify({ round, text: `item ${round}`.repeat(4) }).length;
    expect(kept).toBeGreaterThan(0);
    const before = youngGenerationBytes();
    collect!();
    expect(youngGenerationBytes()).toBeLessThan(before / 2);
    expect(vm.runInNewContext('typeof gc')).toBe('undefined');
    expect(typeof (globalThis as { gc?: unknown }).gc).toBe(process.execArgv.includes('--expose-gc') ? 'function' : 'undefined');
  });
});

describe('collecting when the server falls quiet', () => {
  let server: EventEmitter;
  let collections: number;
  let handling: number;
  let pauseMs: number;
  let stop: () => void;
  beforeEach(() => {
    vi.useFakeTimers();
    server = new EventEmitter();
    collections = 0;
    handling = 0;
    pauseMs = 0;
    const collect = () => {
      collections++;
      // The collection's own pause, as the clock sees it.
      vi.advanceTimersByTime(pauseMs);
    };
    stop = collectWhenIdle(server, collect, { tickMs: 1_000, quietTicks: 2, minGapMs: 10_000, handling: () => handling, now: () => Date.now() });
  });
  afterEach(() => {
    stop();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  const requestsFor = (ms: number) => {
    for (let at = 0; at < ms; at += 500) {
      server.emit('request');
      vi.advanceTimersByTime(500);
    }
  };

  it('collects once after the start, then once after each busy spell, never while requests come', () => {
    vi.advanceTimersByTime(2_000);
    expect(collections).toBe(1);
    // Quiet on: nothing new to give back.
    vi.advanceTimersByTime(60_000);
    expect(collections).toBe(1);
    // A request every half second for 30 s: the server never falls quiet.
    requestsFor(30_000);
    expect(collections).toBe(1);
    vi.advanceTimersByTime(3_000);
    expect(collections).toBe(2);
  });

  it('waits at least minGapMs between two collections however often the server falls quiet', () => {
    vi.advanceTimersByTime(2_000);
    expect(collections).toBe(1);
    // A request every 3 s: quiet for two ticks each time, but the gap holds it to one per 10 s.
    for (let round = 0; round < 10; round++) {
      server.emit('request');
      vi.advanceTimersByTime(3_000);
    }
    expect(collections).toBeGreaterThanOrEqual(2);
    expect(collections).toBeLessThanOrEqual(1 + Math.ceil(30_000 / 10_000));
  });

  it('waits while a request is still being handled (a slow download, a search waiting its turn)', () => {
    handling = 1;
    vi.advanceTimersByTime(30_000);
    expect(collections).toBe(0);
    handling = 0;
    vi.advanceTimersByTime(1_000);
    expect(collections).toBe(1);
  });

  it('spaces collections by a hundred times the last one’s pause, so a large heap costs at most about 1 % of a core', () => {
    vi.spyOn(performance, 'now').mockImplementation(() => Date.now());
    pauseMs = 300;
    vi.advanceTimersByTime(2_000);
    expect(collections).toBe(1);
    // A busy spell, then quiet: 10 s have passed, but not the 30 s the last 300 ms pause asks for.
    server.emit('request');
    vi.advanceTimersByTime(12_000);
    expect(collections).toBe(1);
    vi.advanceTimersByTime(20_000);
    expect(collections).toBe(2);
  });

  it('stops watching the server when told', () => {
    stop();
    vi.advanceTimersByTime(5_000);
    expect(collections).toBe(0);
    expect(server.listenerCount('request')).toBe(0);
  });
});
