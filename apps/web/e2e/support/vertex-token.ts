import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A Google service-account key file whose token_uri is a local endpoint handing out access
 * tokens, so the server's Vertex AI adapter can reach provider-sim in a browser test. The
 * assertion's signature is the server's own business (its adapter tests check it for real).
 */
export async function startVertexTokenEndpoint(): Promise<{
  credentialsFile: string;
  close(): Promise<void>;
}> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let issued = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      issued += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          access_token: `ya29.e2e-${issued}`,
          expires_in: 3599,
          token_type: 'Bearer',
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const tokenUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/token`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parallax-e2e-sa-'));
  const credentialsFile = path.join(dir, 'service-account.json');
  fs.writeFileSync(
    credentialsFile,
    JSON.stringify({
      type: 'service_account',
      project_id: 'sim-project',
      private_key_id: 'e2e-key-1',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      client_email: 'parallax@sim-project.iam.gserviceaccount.com',
      token_uri: tokenUri,
    }),
  );
  return {
    credentialsFile,
    close: async () => {
      fs.rmSync(dir, { recursive: true, force: true });
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
