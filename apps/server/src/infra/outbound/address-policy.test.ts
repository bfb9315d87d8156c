import { describe, expect, it } from 'vitest';
import { isNeverReachable, isPrivateAddress } from './address-policy';

describe('isPrivateAddress', () => {
  it('refuses loopback, private, link-local, CGNAT, unique-local, mapped, multicast and metadata addresses', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.255.254',
      '10.2.3.4',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.100.100.200',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      '::7f00:1',
      'fd00::1',
      'fd00:ec2::254',
      'fe80::1',
      'ff02::1',
      '::ffff:10.0.0.1',
      '::ffff:7f00:1',
      '::ffff:169.254.169.254',
      '0:0:0:0:0:ffff:7f00:1',
      '64:ff9b::7f00:1',
      'not an address',
    ])
      expect({ address, private: isPrivateAddress(address) }).toEqual({ address, private: true });
  });

  it('lets public addresses through, IPv4-mapped ones included', () => {
    for (const address of ['8.8.8.8', '93.184.216.34', '2606:4700::1111', '::ffff:8.8.8.8'])
      expect({ address, private: isPrivateAddress(address) }).toEqual({ address, private: false });
  });
});

describe('isNeverReachable', () => {
  it('refuses link-local and metadata addresses, however spelled, even where private ones are allowed', () => {
    for (const address of [
      '169.254.169.254',
      '169.254.0.1',
      '100.100.100.200',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      'fd00:ec2::254',
      'fe80::1',
      'ff02::1',
      '::ffff:169.254.169.254',
      '0:0:0:0:0:ffff:a9fe:a9fe',
      'not an address',
    ])
      expect(isNeverReachable(address), address).toBe(true);
  });

  it('lets loopback and private networks through (the admin allowed them)', () => {
    for (const address of ['127.0.0.1', '10.2.3.4', '192.168.1.1', '172.20.0.1', '::1', 'fd12::1'])
      expect(isNeverReachable(address), address).toBe(false);
  });
});
