/**
 * Encodes a value as a query component for `_links.self.href`: letters, digits and
 * `-._~!$'()*,;:@/?` stay as they are, everything else is percent-encoded as UTF-8, so
 * `&`, `=`, `+`, `#`, `%` and non-ASCII are encoded while `http://x/y` stays readable.
 */
export function encodeQueryComponent(value: string): string {
  return encodeURIComponent(value).replace(/%(2F|3A|40|3F|24|2C|3B)/g, (escape) => decodeURIComponent(escape));
}
