import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { importSPKI, jwtVerify } from 'jose';
import { OutboundClient } from '../infra/outbound/outbound-client';
import type { ProviderOutbound } from './provider-registry';

/**
 * Test support: the routes an env-configured provider takes (the operator's own URLs, as
 * provider-sim's are), from one client whose pooled sockets `close` ends.
 */
export function operatorOutbound(): ProviderOutbound & { close(): void } {
  const client = new OutboundClient({ allowPrivate: false });
  return {
    endpoint: client.operator,
    token: client.operator,
    close: () => client.close(),
  };
}

/**
 * Test support (not production code): a Google-style service-account key file whose
 * token_uri points at a local token endpoint, which checks the signed assertion for real.
 */
export interface LocalTokenEndpoint {
  credentialsFile: string;
  /** Tokens handed out, oldest first. */
  issued: string[];
  /** Every request that reached the endpoint (method and path), valid or not. */
  received: string[];
  close(): Promise<void>;
}

export async function startLocalTokenEndpoint(
  clientEmail = 'parallax@sim-project.iam.gserviceaccount.com',
): Promise<LocalTokenEndpoint> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const verifyKey = await importSPKI(publicPem, 'RS256');
  const issued: string[] = [];
  const received: string[] = [];
  const server: Server = createServer((req, res) => {
    received.push(`${req.method} ${req.url}`);
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const assertion = new URLSearchParams(body).get('assertion') ?? '';
      jwtVerify(assertion, verifyKey, { issuer: clientEmail, audience: tokenUri }).then(
        () => {
          const token = `ya29.test-${issued.length + 1}`;
          issued.push(token);
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ access_token: token, expires_in: 3599, token_type: 'Bearer' }));
        },
        () => {
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({ error: 'invalid_grant', error_description: 'Invalid JWT Signature.' }),
          );
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const tokenUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/token`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parallax-sa-'));
  const credentialsFile = path.join(dir, 'service-account.json');
  fs.writeFileSync(
    credentialsFile,
    JSON.stringify({
      type: 'service_account',
      project_id: 'sim-project',
      private_key_id: 'test-key-1',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      client_email: clientEmail,
      token_uri: tokenUri,
    }),
  );
  return {
    credentialsFile,
    issued,
    received,
    close: async () => {
      fs.rmSync(dir, { recursive: true, force: true });
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
