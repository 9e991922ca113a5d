/**
 * Allowed origins written the browser's way (src/http/origins.ts): CORS compares the `Origin`
 * header with each allowed origin as text, so each is normalized here (scheme and host in lower
 * case, no default port, no slash) or refused. Every shape the pattern takes and refuses.
 */
import { describe, expect, it } from 'vitest';
import { normalizeOrigin, normalizeOrigins, ORIGINS_HELP } from '../src/http/origins.js';

describe('an allowed origin', () => {
  it.each([
    ['*', '*'],
    ['https://docs.acme.com', 'https://docs.acme.com'],
    ['https://Docs.Acme.COM/', 'https://docs.acme.com'],
    ['HTTP://localhost:3000', 'http://localhost:3000'],
    ['https://docs.acme.com:443', 'https://docs.acme.com'],
    ['http://docs.acme.com:80/', 'http://docs.acme.com'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['http://[::1]:8080', 'http://[::1]:8080'],
    ['https://xn--bcher-kva.example', 'https://xn--bcher-kva.example'],
  ])('%j is %j', (value, origin) => {
    expect(normalizeOrigin(value)).toBe(origin);
  });

  it.each([
    [''],
    ['docs.acme.com'],
    ['ftp://docs.acme.com'],
    ['https://docs.acme.com/path'],
    ['https://docs.acme.com?x=1'],
    ['https://user@docs.acme.com'],
    ['https://docs.acme.com:99999'],
    ['https://docs acme.com'],
    ['https://'],
    ['**'],
    [' https://docs.acme.com'],
    ['https://docs.acme.com//'],
  ])('%j is refused', (value) => {
    expect(normalizeOrigin(value)).toBeUndefined();
  });
});

describe('a list of origins', () => {
  it('is normalized, each once, in its order', () => {
    expect(normalizeOrigins(['https://B.example/', 'https://a.example', 'https://b.example:443', '*'])).toEqual({
      origins: ['https://b.example', 'https://a.example', '*'],
    });
    expect(normalizeOrigins([])).toEqual({ origins: [] });
  });

  it('stops at the first that is not an origin, naming it as written', () => {
    expect(normalizeOrigins(['https://a.example', 'nope', 'also nope'])).toEqual({ origins: ['https://a.example'], wrong: 'nope' });
  });

  it('has one line of help for a refusal', () => {
    expect(ORIGINS_HELP).toBe('takes origins like https://docs.acme.com (comma-separated) or *');
  });
});
