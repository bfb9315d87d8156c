import { describe, expect, it } from 'vitest';
import { BaseUrlRefused, checkProviderBaseUrl } from './base-url-guard';

const resolvesTo =
  (...addresses: string[]) =>
  async () =>
    addresses;

describe('provider base URL guard', () => {
  it('refuses a host name that resolves to any private address (DNS is checked, not only literals)', async () => {
    await expect(
      checkProviderBaseUrl(
        'https://gateway.example.com/v1',
        false,
        resolvesTo('93.184.216.34', '10.0.0.5'),
      ),
    ).rejects.toThrow(/private, loopback or link-local/);
    await expect(
      checkProviderBaseUrl('https://metadata.example.com', false, resolvesTo('169.254.169.254')),
    ).rejects.toBeInstanceOf(BaseUrlRefused);
  });

  it('refuses a host name that does not resolve', async () => {
    const fails = async (): Promise<string[]> => {
      throw new Error('ENOTFOUND');
    };
    await expect(checkProviderBaseUrl('https://nowhere.invalid', false, fails)).rejects.toThrow(
      'base_url: the host nowhere.invalid does not resolve',
    );
  });

  it('accepts a public https host and drops the trailing slash', async () => {
    await expect(
      checkProviderBaseUrl('https://api.example.com/v1/', false, resolvesTo('93.184.216.34')),
    ).resolves.toBe('https://api.example.com/v1');
  });

  it('allows http and private targets only when told to', async () => {
    await expect(checkProviderBaseUrl('http://127.0.0.1:4010/v1', true)).resolves.toBe(
      'http://127.0.0.1:4010/v1',
    );
    await expect(checkProviderBaseUrl('http://127.0.0.1:4010/v1', false)).rejects.toThrow(/https/);
  });
});
