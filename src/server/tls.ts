/**
 * The server's own HTTPS (docs/decisions.md, performance rule 27): with TLS_CERT_FILE and
 * TLS_KEY_FILE it serves HTTP/2 to the browsers that offer it (every current one, over TLS) and
 * HTTP/1.1 over TLS to the others, on one port. A page's dozens of scripts then share one
 * connection instead of queueing on a browser's six.
 */
import { readFileSync } from 'node:fs';
import type { Http2SecureServer } from 'node:http2';
import { createSecureContext } from 'node:tls';
import type { FastifyHttp2SecureOptions } from 'fastify';
import { ConfigError, type Config } from './config';

export interface TlsFiles {
  cert: Buffer;
  key: Buffer;
}

function readPem(variable: string, path: string): Buffer {
  try {
    return readFileSync(path);
  } catch {
    throw new ConfigError(`Configuration invalide :\n  ${variable} : fichier illisible (${path})`);
  }
}

/** The certificate and key the configuration names, checked to go together; undefined without TLS. */
export function tlsFromConfig(config: Config): TlsFiles | undefined {
  if (!config.TLS_CERT_FILE || !config.TLS_KEY_FILE) return undefined;
  const files = {
    cert: readPem('TLS_CERT_FILE', config.TLS_CERT_FILE),
    key: readPem('TLS_KEY_FILE', config.TLS_KEY_FILE),
  };
  try {
    // Fails on a file that is not PEM and on a key that is not the certificate's.
    createSecureContext(files);
  } catch {
    throw new ConfigError(
      'Configuration invalide :\n  TLS_CERT_FILE et TLS_KEY_FILE : le certificat et la clé ne sont pas au format PEM ou ne vont pas ensemble',
    );
  }
  return files;
}

/**
 * Fastify's options for that server: HTTP/2 and HTTP/1.1 over TLS on one port. Node 20 keeps idle
 * HTTP/2 sessions open across `close()` unless told (`forceCloseConnections`).
 */
export function http2Options(files: TlsFiles) {
  return {
    http2: true,
    https: { ...files, allowHTTP1: true },
    forceCloseConnections: true,
  } satisfies FastifyHttp2SecureOptions<Http2SecureServer>;
}
