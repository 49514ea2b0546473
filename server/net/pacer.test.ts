import { describe, expect, it } from 'vitest';
import { Pacer, type Clock } from './pacer.js';

class FakeClock implements Clock {
  t = 1_000_000;
  now() {
    return this.t;
  }
  async sleep(ms: number) {
    this.t += ms;
  }
}

describe('Pacer', () => {
  it('runs one task at a time, each at least the interval after the previous one started', async () => {
    const clock = new FakeClock();
    const pacer = new Pacer(5000, clock);
    const starts: number[] = [];
    let running = 0;
    let most = 0;
    const task = async () => {
      starts.push(clock.now());
      running++;
      most = Math.max(most, running);
      await clock.sleep(1200);
      running--;
    };
    await Promise.all([pacer.run(task), pacer.run(task), pacer.run(task)]);
    expect(most).toBe(1);
    expect(starts).toEqual([1_000_000, 1_005_000, 1_010_000]);
    // A task that fails does not stop the next.
    await expect(pacer.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await pacer.run(task);
    expect(starts[3] - 1_015_000).toBeGreaterThanOrEqual(5000);
  });
});
