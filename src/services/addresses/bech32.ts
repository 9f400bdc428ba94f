/**
 * The bech32 checksum (BIP-173) and its bech32m variant (BIP-350), which Bitcoin's bc1 addresses and
 * those of several other chains carry: six characters that catch any mistyped character (and most
 * swapped pairs), so a typo is told apart from an address of the wrong shape.
 */

const CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;

function polymod(values: readonly number[]): number {
  let chk = 1;
  for (const value of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ value;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GENERATOR[i] as number;
  }
  return chk >>> 0;
}

/**
 * Whether `address` (its human-readable part, "1", then data in the bech32 alphabet) has a valid bech32
 * or bech32m checksum. Case-insensitive, but never mixed case.
 */
export function hasBech32Checksum(address: string): boolean {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false;
  const text = address.toLowerCase();
  const split = text.lastIndexOf("1");
  if (split < 1 || text.length - split - 1 < 6) return false;
  const values: number[] = [];
  for (const c of text.slice(0, split)) values.push(c.charCodeAt(0) >> 5);
  values.push(0);
  for (const c of text.slice(0, split)) values.push(c.charCodeAt(0) & 31);
  for (const c of text.slice(split + 1)) {
    const value = CHARSET.indexOf(c);
    if (value < 0) return false;
    values.push(value);
  }
  const check = polymod(values);
  return check === BECH32_CONST || check === BECH32M_CONST;
}
