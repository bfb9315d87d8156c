import { importPKCS8, SignJWT } from 'jose';

export interface AppleKey {
  clientId: string;
  teamId: string;
  keyId: string;
  /** PKCS#8 PEM of the ES256 key from Apple's developer account. */
  privateKey: string;
}

const CLIENT_SECRET_TTL_SECONDS = 5 * 60;

/** Apple's client secret is a short-lived ES256 JWT signed with the team's key. */
export async function createAppleClientSecret(
  key: AppleKey,
  audience: string,
  now: Date = new Date(),
): Promise<string> {
  const privateKey = await importPKCS8(key.privateKey, 'ES256');
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: key.keyId })
    .setIssuer(key.teamId)
    .setSubject(key.clientId)
    .setAudience(audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + CLIENT_SECRET_TTL_SECONDS)
    .sign(privateKey);
}
