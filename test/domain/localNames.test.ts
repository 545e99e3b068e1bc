import { localNameIris, namespaceOf, namespacesOf } from '../../src/domain/localNames.js';

describe('local names', () => {
  test("an IRI's namespace ends with its last slash or hash; an IRI without one after its scheme has none", () => {
    expect(namespaceOf('http://zbw.eu/stw/descriptor/12345-6')).toBe('http://zbw.eu/stw/descriptor/');
    expect(namespaceOf('http://example.org/v#c1')).toBe('http://example.org/v#');
    expect(namespaceOf('urn:isbn:123')).toBeUndefined();
    expect(namespaceOf('http://example.org/v/')).toBeUndefined();
  });

  test('the commonest namespaces of a sample come first', () => {
    expect(namespacesOf(['http://a.org/x/1', 'http://b.org/y/2', 'http://b.org/y/3', 'urn:x'])).toEqual([
      'http://b.org/y/',
      'http://a.org/x/',
    ]);
  });

  test('a name is tried in each namespace only when it can be a last segment and holds a digit', () => {
    const namespaces = ['http://a.org/x/', 'http://b.org/y#'];
    expect(localNameIris('c80', namespaces)).toEqual(['http://a.org/x/c80', 'http://b.org/y#c80']);
    expect(localNameIris('tea', namespaces)).toEqual([]);
    expect(localNameIris('80 21', namespaces)).toEqual([]);
    expect(localNameIris('a/80', namespaces)).toEqual([]);
  });
});
