/**
 * An open-loop load for the summer Saturday of the load bench (tests/bench/load.ts): requests
 * sent on a steady schedule, whatever the answers, each timed from the moment it was due to be
 * sent. Thousands of open pages poll independently: the load does not wait for the server, so
 * a stall makes every request due meanwhile late, and each lateness is counted (no coordinated
 * omission). A closed-loop tool with a rate (autocannon's `overallRate`) sends each connection's
 * share in a burst at the top of every second and pads the histogram with samples of its own;
 * neither is what a crowd of pages does (docs/performance-log.md, "An open-loop summer Saturday").
 */
import { Agent, request } from 'node:http';

export interface LoadRequest {
  path: string;
  headers: Record<string, string>;
}

export interface Figures {
  requests: number;
  p50: number;
  p99: number;
  errors: number;
  notModified: number;
}

/** The latency at quantile `q` of sorted milliseconds, rounded. */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!);
}

/**
 * Sends `rate` requests a second for `seconds`, evenly spaced, alternately to each origin, the
 * requests taken in turn from `requests`; at most `connections` sockets per origin (keep-alive),
 * a request due while they are all busy waits for one, its wait counted. Errors: no answer within
 * 10 s, a failed connection, a status other than 2xx and 304.
 */
export async function openLoop(
  origins: string[],
  requests: LoadRequest[],
  options: { rate: number; seconds: number; connections: number },
): Promise<Figures> {
  const agents = origins.map(() => new Agent({ keepAlive: true, maxSockets: options.connections }));
  const latencies: number[] = [];
  let errors = 0;
  let notModified = 0;
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const pending: Promise<void>[] = [];

  const send = (index: number, dueAt: number) =>
    new Promise<void>((done) => {
      const pick = requests[index % requests.length]!;
      const origin = new URL(origins[index % origins.length]!);
      const req = request(
        {
          host: origin.hostname,
          port: origin.port,
          path: pick.path,
          method: 'GET',
          headers: pick.headers,
          agent: agents[index % origins.length],
          timeout: 10_000,
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - dueAt);
            const status = res.statusCode ?? 0;
            if (status === 304) notModified += 1;
            else if (status < 200 || status >= 300) errors += 1;
            done();
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        errors += 1;
        done();
      });
      req.end();
    });

  const started = performance.now();
  let next = 0;
  await new Promise<void>((finished) => {
    const tick = () => {
      const now = performance.now();
      while (next < total && started + next * interval <= now) {
        pending.push(send(next, started + next * interval));
        next += 1;
      }
      if (next >= total) finished();
      else setTimeout(tick, Math.max(0, started + next * interval - performance.now()));
    };
    tick();
  });
  await Promise.all(pending);
  for (const agent of agents) agent.destroy();
  latencies.sort((a, b) => a - b);
  return { requests: total, p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), errors, notModified };
}
