import type { FakeStream, FakeTwitch, ScriptedStream } from './twitch-types.js';

/**
 * Scripted viewer counts for the fake Twitch (issue 30): a stream that rises, peaks and ends, a
 * stream that restarts (a second script for the same broadcaster: a new stream id), a game with
 * hundreds of live streams across pages. The fake applies the scripts to its `streams` on every
 * Helix call, so what Helix answers at fake-clock time t is exactly `viewers[⌊(t − startAt) / stepMs⌋]`.
 */
export function createScripts(fake: Pick<FakeTwitch, 'streams' | 'addStream'>, now: () => number, newId: () => string) {
  const scripts: (ScriptedStream & { id: string; done: boolean })[] = [];
  return {
    scriptStream(s: ScriptedStream): string {
      const id = newId();
      scripts.push({ ...s, id, done: false });
      return id;
    },
    /** Puts each script's stream on or off air with its current viewer count. */
    apply(): void {
      const t = now();
      for (const s of scripts) {
        if (s.done) continue;
        const step = Math.floor((t - s.startAt) / s.stepMs);
        const i = fake.streams.findIndex((x) => x.id === s.id);
        if (step < 0) continue;
        if (step >= s.viewers.length) {
          if (i >= 0) fake.streams.splice(i, 1);
          s.done = true;
          continue;
        }
        const stream: FakeStream =
          i >= 0
            ? fake.streams[i]
            : fake.addStream({
                id: s.id,
                user_id: s.user_id,
                game_id: s.game_id,
                title: s.title ?? 'Scripted stream',
                started_at: new Date(s.startAt).toISOString(),
              });
        stream.viewer_count = s.viewers[step];
      }
    },
  };
}

/** `n` live streams of one game, broadcasters `userBase`…, viewers by index (a game across many pages). */
export function addLiveStreams(
  fake: Pick<FakeTwitch, 'addStream'>,
  gameId: string,
  n: number,
  opts: { userBase?: number; viewers?: (i: number) => number; title?: (i: number) => string } = {},
): FakeStream[] {
  const base = opts.userBase ?? 8_000_000;
  return Array.from({ length: n }, (_, i) =>
    fake.addStream({ user_id: String(base + i), game_id: gameId, title: opts.title?.(i) ?? `Live ${i}`, viewer_count: opts.viewers?.(i) ?? 1000 - i }),
  );
}
