/**
 * A throw-away certificate for 127.0.0.1 and localhost, made with the machine's `openssl` (the
 * HTTPS tests and `npm run bench`'s pages over HTTP/2). `spki` is the base64 SHA-256 of its public
 * key, which Chromium's `--ignore-certificate-errors-spki-list` takes to trust it as a real one.
 */
import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface SelfSigned {
  certFile: string;
  keyFile: string;
  cert: Buffer;
  key: Buffer;
  spki: string;
}

export function selfSignedCertificate(dir: string, name = 'serveur'): SelfSigned {
  const certFile = join(dir, `${name}.crt.pem`);
  const keyFile = join(dir, `${name}.key.pem`);
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(certFile);
  const publicKey = new X509Certificate(cert).publicKey.export({ type: 'spki', format: 'der' });
  return {
    certFile,
    keyFile,
    cert,
    key: readFileSync(keyFile),
    spki: createHash('sha256').update(publicKey).digest('base64'),
  };
}
