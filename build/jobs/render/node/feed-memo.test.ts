import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { feedOf } from '../../../page/frame-feed.ts';
import { withSettings } from '../../../scene/parse.ts';
import { loadScene } from '../../../node/io/load-scene.ts';
import { projectRoot } from '../../../node/io/project-root.ts';
import { tempDir } from '../../../testing/temp-dir.ts';
import { openCache } from '../../cache/node/store.ts';
import { feedsFor, forgetFeedsInProcess, isFeedOf } from './feed-memo.ts';

const tmp = tempDir('eye-feed-memo-');
const scene = withSettings(loadScene('1981-script'), { durationS: 1, fps: 30 });
const root = projectRoot();

describe('feedsFor: each scene simulated once per process, and once per code and scene with a cache', () => {
  const truth = feedOf(scene);

  it('gives feedOf, without a cache and with one, and stores it', async () => {
    forgetFeedsInProcess();
    expect((await feedsFor([scene], null, root)).get(scene.name)!.digest).toBe(truth.digest);
    forgetFeedsInProcess();
    const store = openCache(join(tmp, 'a'), () => {});
    const f = (await feedsFor([scene], store, root)).get(scene.name)!;
    expect(f).toEqual(truth);
    expect(store.list().filter((e) => e.kind === 'feeds').map((e) => e.name)).toEqual([scene.name]);
  });

  it('reads a stored feed back instead of simulating (a digest edited into the entry, its hashes made again, comes back: it was read, not made)', async () => {
    forgetFeedsInProcess();
    const store = openCache(join(tmp, 'b'), () => {});
    await feedsFor([scene], store, root);
    const [entry] = store.list().filter((e) => e.kind === 'feeds');
    const other = 'f'.repeat(64);
    const head = readFileSync(join(entry.path, 'data', 'feed.json'), 'utf8');
    const columns = readFileSync(join(entry.path, 'data', 'columns.f64'));
    store.put('feeds', entry.key, scene.name, (dir) => {
      writeFileSync(join(dir, 'feed.json'), head.replace(truth.digest, other));
      writeFileSync(join(dir, 'columns.f64'), columns);
    });
    forgetFeedsInProcess();
    const back = (await feedsFor([scene], store, root)).get(scene.name)!;
    expect(back.digest).toBe(other);
    // The rest is the feed itself, NaN (the target columns while nothing is followed) included.
    expect({ ...back, digest: truth.digest }).toEqual(truth);
  });

  it('simulates again when a stored feed is whole but not this scene\'s (its columns one sample short)', async () => {
    forgetFeedsInProcess();
    const store = openCache(join(tmp, 'd'), () => {});
    await feedsFor([scene], store, root);
    const [entry] = store.list().filter((e) => e.kind === 'feeds');
    const head = readFileSync(join(entry.path, 'data', 'feed.json'), 'utf8');
    const columns = readFileSync(join(entry.path, 'data', 'columns.f64'));
    store.put('feeds', entry.key, scene.name, (dir) => {
      writeFileSync(join(dir, 'feed.json'), head);
      writeFileSync(join(dir, 'columns.f64'), columns.subarray(8));
    });
    forgetFeedsInProcess();
    expect((await feedsFor([scene], store, root)).get(scene.name)).toEqual(truth);
  });

  it('simulates again when the stored entry is damaged (its bytes no longer match their recorded hashes)', async () => {
    forgetFeedsInProcess();
    const store = openCache(join(tmp, 'c'), () => {});
    await feedsFor([scene], store, root);
    const [entry] = store.list().filter((e) => e.kind === 'feeds');
    const file = join(entry.path, 'data', 'feed.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace(truth.digest, 'f'.repeat(64)));
    forgetFeedsInProcess();
    expect((await feedsFor([scene], store, root)).get(scene.name)!.digest).toBe(truth.digest);
  });

  it('refuses a stored value that is not a feed of this scene (untrusted input)', () => {
    expect(isFeedOf(truth, scene)).toBe(true);
    expect(isFeedOf({ ...truth, frameCount: truth.frameCount + 1 }, scene)).toBe(false);
    expect(isFeedOf({ ...truth, digest: 'xyz' }, scene)).toBe(false);
    expect(isFeedOf({ ...truth, trace: { ...truth.trace, columns: { ...truth.trace.columns, yawDeg: truth.trace.columns.yawDeg.slice(1) } } }, scene)).toBe(false);
    expect(isFeedOf({ ...truth, trace: { ...truth.trace, events: [{ kind: 'blink' }] } }, scene)).toBe(false);
    expect(isFeedOf(null, scene)).toBe(false);
    // Exactly a feed: a key more anywhere is not one.
    expect(isFeedOf({ ...truth, note: 'x' }, scene)).toBe(false);
    expect(isFeedOf({ ...truth, trace: { ...truth.trace, extra: [] } }, scene)).toBe(false);
    expect(isFeedOf({ ...truth, trace: { ...truth.trace, columns: { ...truth.trace.columns, evil: [] } } }, scene)).toBe(false);
  });

  it('simulates again when an entry re-written through the store (good hashes) carries an event that is not one: markup, a terminal escape, a key more', async () => {
    const store = openCache(join(tmp, 'e'), () => {});
    forgetFeedsInProcess();
    await feedsFor([scene], store, root);
    const [entry] = store.list().filter((e) => e.kind === 'feeds');
    const head = JSON.parse(readFileSync(join(entry.path, 'data', 'feed.json'), 'utf8'));
    const columns = readFileSync(join(entry.path, 'data', 'columns.f64'));
    const hostile = [
      { kind: '<img src=x onerror=alert(1)>', startMs: 0, endMs: 1 },
      { kind: 'cut', startMs: 0, endMs: 1, era: '\u001b]8;;http://evil\u0007click' },
      { kind: 'cut', startMs: 0, endMs: 1, era: '1981', href: 'javascript:alert(1)' },
      { kind: 'blink', startMs: 0, endMs: 1, depth: 1, partial: false, doubleSecond: false, evoked: 'yes' },
    ];
    for (const event of hostile) {
      store.put('feeds', entry.key, scene.name, (dir) => {
        writeFileSync(join(dir, 'feed.json'), JSON.stringify({ ...head, events: [...head.events, JSON.parse(JSON.stringify(event))] }));
        writeFileSync(join(dir, 'columns.f64'), columns);
      });
      forgetFeedsInProcess();
      expect((await feedsFor([scene], store, root)).get(scene.name)).toEqual(truth);
    }
  });
});
