import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { listenHost, startLine } from './listen-address';

describe('listenHost', () => {
  it('is this machine only when NODE_ENV is unset (development) and HOST is not set', () => {
    expect(listenHost(parseEnv({}))).toBe('127.0.0.1');
    expect(listenHost(parseEnv({ NODE_ENV: 'test' }))).toBe('127.0.0.1');
  });

  it('is every interface in production, where a container or a proxy must reach it', () => {
    const production = { NODE_ENV: 'production' as const, HOST: undefined };
    expect(listenHost(production)).toBeUndefined();
  });

  it('is HOST whenever it is set', () => {
    expect(listenHost(parseEnv({ HOST: '0.0.0.0' }))).toBe('0.0.0.0');
    expect(listenHost({ NODE_ENV: 'production', HOST: '10.0.0.5' })).toBe('10.0.0.5');
  });
});

describe('startLine', () => {
  it('gives the local address and says how to open a loopback server to the network', () => {
    expect(startLine('127.0.0.1', 3000)).toBe(
      'StarPrep is running at http://localhost:3000 (this machine only: set HOST=0.0.0.0 to open it to your network)',
    );
    expect(startLine('::1', 3000)).toContain('this machine only');
  });

  it('says when every interface listens', () => {
    const expected = 'StarPrep is running at http://localhost:8080 (on every network interface)';
    expect(startLine(undefined, 8080)).toBe(expected);
    expect(startLine('0.0.0.0', 8080)).toBe(expected);
    expect(startLine('::', 8080)).toBe(expected);
  });

  it('gives the address of one other interface as it is', () => {
    expect(startLine('192.168.1.20', 3000)).toBe('StarPrep is running at http://192.168.1.20:3000');
    expect(startLine('fd00::2', 3000)).toBe('StarPrep is running at http://[fd00::2]:3000');
  });
});
