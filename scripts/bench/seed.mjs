// Fills a sandbox data file with incidents, written in the sandbox's journal format
// (src/sandbox/store.ts: one {"c":"incidents","put":{...}} line per document) instead of
// thousands of API calls. The file must already hold the sandbox's seed (start it once).
import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';

const SEVERITIES = ['CRITICAL', 'MAJOR', 'MEDIUM', 'MINOR'];
const day = (ms) => new Date(ms).toISOString().slice(0, 10);

/**
 * `count` incidents over `services` (as the status pages list them), oldest first, one a
 * minute up to now; one in `openEvery` is still open, the rest resolved 20 minutes after
 * they were opened (an account's history is mostly resolved incidents).
 */
export function seedIncidents(file, services, count, { openEvery = 50, now = Date.now() } = {}) {
  const lines = [];
  for (let n = 0; n < count; n++) {
    const opened = now - (count - n) * 60_000;
    const open = n % openEvery === openEvery - 1;
    const first = {
      id: randomUUID(),
      description: 'Investigating elevated error rates.',
      status: 'INVESTIGATING',
      publicIncidentUpdateDate: new Date(opened).toISOString(),
      created_at: day(opened),
      notifySubscribers: false,
    };
    const resolved = {
      ...first,
      id: randomUUID(),
      description: 'Fixed: error rates are back to normal.',
      status: 'RESOLVED',
      publicIncidentUpdateDate: new Date(opened + 20 * 60_000).toISOString(),
    };
    const incident = {
      name: `Bench incident ${n}`,
      severity: SEVERITIES[n % SEVERITIES.length],
      id: randomUUID(),
      services: [services[n % services.length]],
      incidentUpdates: open ? [first] : [resolved, first],
      lastUpdateStatus: open ? 'INVESTIGATING' : 'RESOLVED',
      duration: open ? null : 20 * 60,
      created_at: day(opened),
      updated_at: day(open ? opened : opened + 20 * 60_000),
    };
    lines.push(`${JSON.stringify({ c: 'incidents', put: incident })}\n`);
    if (lines.length >= 1000) appendFileSync(file, lines.splice(0).join(''));
  }
  appendFileSync(file, lines.join(''));
}
