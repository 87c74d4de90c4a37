import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface RecordedRequest {
  method: string;
  /** Path and query as received, e.g. '/api/v1/customer-auth/verify'. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** What the renderer put on the wire: the parsed JSON body, the raw text otherwise, undefined when empty. */
  body: unknown;
}

/** What the test server does with a request: answer now, or never (a call left pending). */
export type Reply = { status: number; body?: unknown } | 'hang';

export interface LocalServer {
  /** 'http://127.0.0.1:PORT', the API host without /api. */
  origin: string;
  /** Every request except CORS preflights, in arrival order, with its body. */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** The renderer runs on another origin in jsdom, so the server answers CORS like the real API does. */
const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, X-Parc-ID',
};

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The bodies of the calls `method url` received so far (url without the query), in order. */
export function bodiesOf(server: LocalServer, method: string, url?: string): unknown[] {
  return server.requests
    .filter((r) => r.method === method && (url === undefined || r.url.split('?')[0] === url))
    .map((r) => r.body);
}

/** A real HTTP server on 127.0.0.1 with a free port, so the axios client is exercised end to end. */
export function startLocalServer(reply: (request: RecordedRequest) => Reply): Promise<LocalServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (request.method === 'OPTIONS') {
      response.writeHead(204, CORS_HEADERS).end();
      return;
    }
    const chunks: Uint8Array[] = [];
    const decoder = new TextDecoder();
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const recorded = {
        method: request.method ?? 'GET',
        url: request.url ?? '/',
        headers: request.headers,
        body: parseBody(chunks.map((chunk) => decoder.decode(chunk, { stream: true })).join('') + decoder.decode()),
      };
      requests.push(recorded);
      const answer = reply(recorded);
      if (answer === 'hang') return;
      response
        .writeHead(answer.status, { ...CORS_HEADERS, 'Content-Type': 'application/json' })
        .end(JSON.stringify(answer.body ?? {}));
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        origin: `http://127.0.0.1:${port}`,
        requests,
        close: () =>
          new Promise<void>((done) => {
            // Pending ('hang') calls would otherwise keep the server open forever.
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
