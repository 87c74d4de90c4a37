/**
 * The few `node:http` members the renderer tests use for their local server. The web tsconfig
 * (which covers tests/unit/renderer) leaves out @types/node on purpose so that renderer code
 * cannot lean on Node globals; declaring only these members keeps that guarantee.
 */
declare module 'node:http' {
  export interface IncomingMessage {
    method?: string;
    url?: string;
    headers: Record<string, string | string[] | undefined>;
    on(event: 'data', listener: (chunk: Uint8Array) => void): this;
    on(event: 'end', listener: () => void): this;
  }
  export interface ServerResponse {
    writeHead(statusCode: number, headers?: Record<string, string>): this;
    end(body?: string): this;
  }
  export interface Server {
    listen(port: number, host: string, listener: () => void): this;
    address(): { port: number } | string | null;
    close(callback?: (error?: Error) => void): this;
    closeAllConnections(): void;
  }
  export function createServer(listener: (request: IncomingMessage, response: ServerResponse) => void): Server;
}
