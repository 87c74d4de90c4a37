/**
 * The server's own HTTPS (docs/decisions.md, performance rule 27): with a certificate it speaks
 * HTTP/2 to a client that offers it and HTTP/1.1 over TLS to one that does not, on one port, and
 * a bad certificate setting stops it with a French message naming the variable.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESTABLISHMENT_ID } from '../../src/shared/constants';
import { ConfigError, loadConfig, publicUrl } from '../../src/server/config';
import { tlsFromConfig } from '../../src/server/tls';
import { selfSignedCertificate, type SelfSigned } from '../support/self-signed';
import { createTestApp, type TestApp } from '../support/test-app';

const dir = mkdtempSync(join(tmpdir(), 'parc-tls-'));
let certificate: SelfSigned;
let t: TestApp;
let origin: string;

beforeAll(async () => {
  certificate = selfSignedCertificate(dir);
  t = await createTestApp({ env: { TLS_CERT_FILE: certificate.certFile, TLS_KEY_FILE: certificate.keyFile } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `https://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});

afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  protocol: string;
}

/** One request over a new HTTP/2 session that trusts only the test certificate. */
async function overHttp2(path: string, init: { method?: string; json?: object } = {}): Promise<Answer> {
  const session = http2.connect(origin, { ca: certificate.cert });
  try {
    return await new Promise<Answer>((resolve, reject) => {
      const body = init.json ? JSON.stringify(init.json) : undefined;
      const stream = session.request({
        ':method': init.method ?? 'GET',
        ':path': path,
        ...(body ? { 'content-type': 'application/json' } : {}),
      });
      let headers: Answer['headers'] = {};
      const chunks: Buffer[] = [];
      stream.on('response', (received) => (headers = received));
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', reject);
      stream.on('end', () =>
        resolve({
          status: Number(headers[':status']),
          headers,
          body: Buffer.concat(chunks).toString('utf8'),
          protocol: session.alpnProtocol ?? '',
        }),
      );
      stream.end(body);
    });
  } finally {
    session.close();
  }
}

/** One request over HTTPS without HTTP/2 (a client that offers none). */
function overHttps1(path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = https.get(`${origin}${path}`, { ca: certificate.cert, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          protocol: `HTTP/${response.httpVersion}`,
        }),
      );
    });
    request.on('error', reject);
  });
}

describe('a server given a certificate', () => {
  it('answers over HTTP/2 a client that offers it, with the security headers', async () => {
    const answer = await overHttp2('/api/v1/establishment/info');
    expect(answer.protocol).toBe('h2');
    expect(answer.status).toBe(200);
    expect(answer.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
    expect(JSON.parse(answer.body)).toMatchObject({ success: true, data: { name: expect.any(String) } });
  });

  it('reads a JSON body over HTTP/2 and refuses a bad one in French', async () => {
    const answer = await overHttp2('/api/v1/customer-auth/login', {
      method: 'POST',
      json: { email: 'personne@exemple.fr', password: 'Mauvais-Mot-2026', establishment_id: ESTABLISHMENT_ID },
    });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({
      success: false,
      message: 'Email ou mot de passe incorrect',
      code: 'INVALID_CREDENTIALS',
    });
    const unknown = await overHttp2('/api/v1/nope');
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body)).toMatchObject({ message: 'Ressource non trouvée', code: 'NOT_FOUND' });
  });

  it('answers HTTP/1.1 over TLS to a client without HTTP/2', async () => {
    const answer = await overHttps1('/api/v1/establishment/info');
    expect(answer.protocol).toBe('HTTP/1.1');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ success: true });
  });

  it('puts https in the addresses it writes in e-mails', () => {
    const config = loadConfig({ TLS_CERT_FILE: certificate.certFile, TLS_KEY_FILE: certificate.keyFile });
    expect(publicUrl(config)).toBe('https://127.0.0.1:8787');
    expect(publicUrl(loadConfig({}))).toBe('http://127.0.0.1:8787');
  });
});

describe('a bad certificate setting', () => {
  function refusal(run: () => unknown): string {
    try {
      run();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('aucune erreur');
  }

  it('needs the certificate and the key together', () => {
    const expected =
      'Configuration invalide :\n  TLS_CERT_FILE et TLS_KEY_FILE vont ensemble : indiquez le certificat et sa clé privée (fichiers PEM), ou aucun des deux';
    expect(refusal(() => loadConfig({ TLS_CERT_FILE: certificate.certFile }))).toBe(expected);
    expect(refusal(() => loadConfig({ TLS_KEY_FILE: certificate.keyFile }))).toBe(expected);
  });

  it('names a file it cannot read', () => {
    const missing = join(dir, 'absent.pem');
    const config = loadConfig({ TLS_CERT_FILE: missing, TLS_KEY_FILE: certificate.keyFile });
    expect(refusal(() => tlsFromConfig(config))).toBe(
      `Configuration invalide :\n  TLS_CERT_FILE : fichier illisible (${missing})`,
    );
  });

  it('refuses a key that is not the certificate’s, and a file that is not PEM', () => {
    const other = selfSignedCertificate(dir, 'autre');
    const notPem = join(dir, 'texte.pem');
    writeFileSync(notPem, 'pas un certificat\n');
    const expected =
      'Configuration invalide :\n  TLS_CERT_FILE et TLS_KEY_FILE : le certificat et la clé ne sont pas au format PEM ou ne vont pas ensemble';
    for (const [cert, key] of [
      [certificate.certFile, other.keyFile],
      [notPem, certificate.keyFile],
    ]) {
      expect(refusal(() => tlsFromConfig(loadConfig({ TLS_CERT_FILE: cert, TLS_KEY_FILE: key })))).toBe(expected);
    }
  });
});
