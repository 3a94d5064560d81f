const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A 15-character id from a cryptographic random source (PC-9.6). Rejection sampling keeps
 * every character equally likely.
 */
export function generateId(
  getRandomValues: (array: Uint8Array) => Uint8Array,
  length = 15,
): string {
  let id = '';
  const limit = 256 - (256 % alphabet.length);
  while (id.length < length) {
    for (const byte of getRandomValues(new Uint8Array(length * 2))) {
      if (byte < limit && id.length < length) id += alphabet[byte % alphabet.length];
    }
  }
  return id;
}
