/**
 * The sandbox's durability and bounds (issue 16, item 14), in-process: the journal's write
 * function is injected (a short write, a full disk, a failed flush) instead of filling a disk,
 * and the sandbox is watched from outside: its HTTP answers, what `mon` prints, the data file.
 */
import { fdatasync, readFileSync, writeSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { SEED_SERVICES } from '../../src/sandbox/modules/statusPages';
import type { Sandbox } from '../../src/sandbox/server';
import type { SyncFunction, WriteFunction } from '../../src/sandbox/journal';
import { mon, TEST_ACCOUNT } from '../helpers';
import { call, dataFile, start, stop, stopAll } from './fixture';

afterEach(stopAll);

const incident = (name: string) => ({
  name,
  severity: 'MINOR',
  services: [{ id: SEED_SERVICES.checkout, name: 'Checkout', accountId: TEST_ACCOUNT }],
  incidentUpdates: [{ description: 'Looking into it.' }],
});

const names = async (sandbox: Sandbox) =>
  ((await call(sandbox, 'GET', '/v1/status-pages/incidents?limit=100&status=all')).body.entries as { name: string }[])
    .map((entry) => entry.name)
    .sort();

/** A write function that fails with `code` when the line carries `marker`, after writing `partial` of it. */
function failingWrite(marker: string, code: string, partial = 0): WriteFunction & { failures: number } {
  const write = ((fd: number, buffer: Buffer, offset: number, length: number) => {
    if (buffer.toString('utf8').includes(marker)) {
      write.failures++;
      if (partial > 0 && offset === 0) {
        // The first call gets part of the line on disk, the next one fails: a disk filling up mid-line.
        return writeSync(fd, buffer, offset, Math.floor(length * partial));
      }
      throw Object.assign(new Error(`${code}: injected`), { code });
    }
    return writeSync(fd, buffer, offset, length);
  }) as WriteFunction & { failures: number };
  write.failures = 0;
  return write;
}

describe('journal writes', () => {
  it('continues a short write: a write function that takes 7 bytes at a time loses nothing', async () => {
    const file = dataFile();
    let calls = 0;
    const short: WriteFunction = (fd, buffer, offset, length) => {
      calls++;
      return writeSync(fd, buffer, offset, Math.min(7, length));
    };
    const sandbox = await start(file, { write: short });
    const created = await call(sandbox, 'POST', '/v1/status-pages/incidents', incident('Written in pieces'));
    expect(created.status).toBe(201);
    expect(calls).toBeGreaterThan(50);
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ c: 'incidents', put: { name: 'Written in pieces' } });
    await stop(sandbox);
    expect(await names(await start(file))).toContain('Written in pieces');
  });

  it('answers 507 with the API error body when the disk is full, and keeps memory and file as they were', async () => {
    const file = dataFile();
    const write = failingWrite('Disk full here', 'ENOSPC');
    const sandbox = await start(file, { write });
    const before = readFileSync(file);
    const failed = await call(sandbox, 'POST', '/v1/status-pages/incidents', incident('Disk full here'));
    expect(failed.status).toBe(507);
    expect(failed.body).toEqual({
      statusCode: 507,
      error: 'Insufficient Storage',
      message: expect.stringContaining('(the disk is full)'),
    });
    expect(failed.body.message).toContain('Nothing was changed');
    expect(write.failures).toBe(1);
    expect(readFileSync(file)).toEqual(before);
    expect(await names(sandbox)).not.toContain('Disk full here');

    // Space again: the next change is written and kept, after a restart too.
    expect((await call(sandbox, 'POST', '/v1/status-pages/incidents', incident('After the disk'))).status).toBe(201);
    await stop(sandbox);
    const again = await start(file);
    expect(await names(again)).toContain('After the disk');
    expect(await names(again)).not.toContain('Disk full here');
  });

  it('cuts off the part of a line that reached the disk before the write failed', async () => {
    const file = dataFile();
    const write = failingWrite('Half a line', 'ENOSPC', 0.5);
    const sandbox = await start(file, { write });
    const before = readFileSync(file);
    expect((await call(sandbox, 'POST', '/v1/status-pages/incidents', incident('Half a line'))).status).toBe(507);
    expect(write.failures).toBe(2);
    expect(readFileSync(file)).toEqual(before);
    expect((await call(sandbox, 'POST', '/v1/status-pages/incidents', incident('Whole line'))).status).toBe(201);
    await stop(sandbox);
    // Had the half line stayed, the file would now be damaged in the middle.
    const again = await start(file);
    expect(await names(again)).toEqual(expect.arrayContaining(['Whole line']));
    expect(await names(again)).not.toContain('Half a line');
  });

  it('answers 500 for another write failure; `mon` reports it and exits 1', async () => {
    const file = dataFile();
    const sandbox = await start(file, { write: failingWrite('Broken disk', 'EIO') });
    const result = await mon(
      `incidents create --name "Broken disk" --severity minor --service ${SEED_SERVICES.checkout} --message m`,
      { sandbox },
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'The server failed (500 Internal Server Error: The sandbox could not save the change',
    );
    expect(result.stderr).toContain('(the disk reported an input/output error)');
    expect(await names(sandbox)).not.toContain('Broken disk');
  });

  it('answers nothing before the change is flushed, and flushes the changes that arrive together once', async () => {
    const file = dataFile();
    const held: (() => void)[] = [];
    let holding = false;
    let flushes = 0;
    let firstHeld: () => void = () => {};
    const heldOnce = new Promise<void>((resolve) => (firstHeld = resolve));
    const sync: SyncFunction = (fd, done) => {
      flushes++;
      if (!holding) return fdatasync(fd, done);
      held.push(() => fdatasync(fd, done));
      firstHeld();
    };
    const sandbox = await start(file, { sync });
    holding = true;
    flushes = 0;
    const lines = () => readFileSync(file, 'utf8').trimEnd().split('\n').length;
    const before = lines();
    let answered = 0;
    const creates = Array.from({ length: 8 }, (_, i) =>
      call(sandbox, 'POST', '/v1/status-pages/incidents', incident(`Together ${i}`)).then((response) => {
        answered++;
        return response;
      }),
    );
    await heldOnce;
    // The first flush is held: all eight lines get written, none is answered.
    while (lines() < before + 8) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(answered).toBe(0);
    // Let the flushes through: the first covers one change, a second covers the seven written meanwhile.
    const release = () => held.splice(0).forEach((flush) => flush());
    const all = Promise.all(creates);
    while (answered < 8) {
      release();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect((await all).map((response) => response.status)).toEqual(Array(8).fill(201));
    expect(flushes).toBe(2);
  });

  it('stops taking requests when a flush fails (500), and a restart reads the file back whole', async () => {
    const file = dataFile();
    let fail = false;
    const sync: SyncFunction = (fd, done) =>
      fail ? done(Object.assign(new Error('EIO: injected'), { code: 'EIO' })) : fdatasync(fd, done);
    const sandbox = await start(file, { sync });
    expect((await call(sandbox, 'POST', '/v1/status-pages/incidents', incident('Before'))).status).toBe(201);
    fail = true;
    const failed = await call(sandbox, 'POST', '/v1/status-pages/incidents', incident('Unflushed'));
    expect(failed.status).toBe(500);
    expect(failed.body.message).toContain('could not flush');
    expect(failed.body.message).toContain('restart it');
    // Memory may hold what the disk does not: nothing more is answered from it.
    const read = await call(sandbox, 'GET', '/v1/status-pages/incidents');
    expect(read.status).toBe(500);
    expect(read.body.error).toBe('Internal Server Error');
    await stop(sandbox);
    expect(await names(await start(file))).toContain('Before');
  });
});

describe('concurrent writers', () => {
  it('keeps all of 50 incidents created at once by 50 commands', async () => {
    const sandbox = await start(dataFile());
    const created = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        mon(`incidents create --name "Concurrent ${i}" --severity minor --service ${SEED_SERVICES.api} --message m`, {
          sandbox,
        }),
      ),
    );
    expect(created.map((result) => result.code)).toEqual(Array(50).fill(0));
    const ids = created.map((result) => result.stdout.trim());
    const listed = await mon('incidents list --status all --all --json', { sandbox });
    const stored = (JSON.parse(listed.stdout) as { id: string; name: string }[]).filter((incident) =>
      incident.name.startsWith('Concurrent '),
    );
    expect(stored).toHaveLength(50);
    expect(new Set(stored.map((incident) => incident.id))).toEqual(new Set(ids));
    expect(new Set(stored.map((incident) => incident.name)).size).toBe(50);
  });
});
