import { describe, expect, it } from 'vitest';
import { distanceMetres, isPoint } from './geo.ts';
import { inNetwork, parseNetwork } from './networks.ts';

describe('allowed networks', () => {
  it.each([
    ['203.113.10.0/24', '203.113.10.77', true],
    ['203.113.10.0/24', '::ffff:203.113.10.77', true], // a dual-stack socket's IPv4
    ['203.113.10.0/24', '203.113.11.1', false],
    ['203.113.10.25', '203.113.10.25', true],
    ['203.113.10.25', '203.113.10.26', false],
    ['2001:db8:abcd::/48', '2001:db8:abcd:12::1', true],
    ['2001:db8:abcd::/48', '2001:db8:abce::1', false],
    ['0.0.0.0/0', '8.8.8.8', true],
    ['0.0.0.0/0', '2001:db8::1', false], // an IPv4 range never holds an IPv6 address
  ])('%s holds %s: %s', (network, address, holds) => {
    const range = parseNetwork(network);
    if (!range) throw new Error(`${network} should be a network`);
    expect(inNetwork(address, range)).toBe(holds);
  });

  it.each([
    '',
    '300.1.2.3',
    '1.2.3.4/33',
    '1.2.3.4/',
    '1.2.3.4/24/1',
    'fe80::1%eth0',
    'office',
    '2001:db8::/129',
  ])('refuses %j as a network', (text) => expect(parseNetwork(text)).toBeNull());
});

describe('distances on the Earth', () => {
  it('measures a tenth of a kilometre north of the office as 100 m, within a metre', () => {
    const office = { latitude: 21.028511, longitude: 105.854167 };
    expect(
      distanceMetres(office, { latitude: office.latitude + 100 / 111_195, longitude: office.longitude }),
    ).toBeCloseTo(100, 0);
    // Hoàn Kiếm to Bến Thành: about 1,140 km as the crow flies
    const kilometres = distanceMetres(office, { latitude: 10.776889, longitude: 106.700806 }) / 1000;
    expect(kilometres).toBeGreaterThan(1130);
    expect(kilometres).toBeLessThan(1150);
  });

  it('knows a point from an impossible one', () => {
    expect(isPoint(21, 105)).toBe(true);
    expect(isPoint(-90, 180)).toBe(true);
    expect(isPoint(90.0001, 0)).toBe(false);
    expect(isPoint(0, -180.5)).toBe(false);
    expect(isPoint(Number.NaN, 0)).toBe(false);
    expect(isPoint('21', 105)).toBe(false);
  });
});
