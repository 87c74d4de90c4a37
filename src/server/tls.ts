/**
 * The server's own HTTPS (docs/decisions.md, performance rule 27): with TLS_CERT_FILE and
 * TLS_KEY_FILE it serves HTTP/2 to the browsers that offer it (every current one, over TLS) and
 * HTTP/1.1 over TLS to the others, on one port. A page's dozens of scripts then share one
 * connection instead of queueing on a browser's six.
 */
import { readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';
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
