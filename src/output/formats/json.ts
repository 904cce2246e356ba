import type { PagesView, Writer } from '../view';
import { jsonArrayWriter, printJson } from '../render';

/*
 * `--format json` (`--json`), and `--jq` on top of it: the API's body exactly as received,
 * 2-space indented, whatever the shape; with --all, the entries of every page as one array,
 * written as the pages arrive (render.ts: printJson, jsonArrayWriter).
 */

export const json: Writer = {
  list: (io, view) => printJson(io, view.json),
  record: (io, view) => printJson(io, view.json, { compact: view.compact }),
  async outcome(io, view) {
    if (view.json !== undefined) await printJson(io, view.json);
  },
  plan: (io, view) => printJson(io, view.json),
  // Events are not written: the document at the end says what happened.
  stream: (io) => ({
    write() {},
    progress() {},
    last() {},
    async end(json) {
      if (json) await printJson(io, await json());
    },
  }),
  /**
   * One array, entry by entry: memory holds one page. When the paging stops part-way (a bound,
   * a page that fails), the array is left open, its line ended: what was printed is not the
   * whole list, so it is not valid JSON either, and a script that parses it fails instead of
   * taking part of a list for all of it; the error (exit 1) says why. With --jq nothing is printed.
   */
  async pages<T, R>(io: Parameters<Writer['list']>[0], view: PagesView<T, R>) {
    const writer = jsonArrayWriter(io);
    try {
      for await (const page of view.pages) for (const entry of page.json) writer.write(entry);
    } catch (error) {
      writer.abandon();
      throw error;
    }
    await writer.end();
  },
};
