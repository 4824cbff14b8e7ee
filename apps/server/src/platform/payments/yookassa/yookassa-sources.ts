import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * The addresses YooKassa sends notifications from, as published in
 * https://yookassa.ru/developers/using-api/webhooks#ip. Its notifications carry no signature: the
 * source address is the check, and the state is then read back from the API.
 */
export const yookassaNotificationSources = [
  '185.71.76.0/27',
  '185.71.77.0/27',
  '77.75.153.0/25',
  '77.75.156.11',
  '77.75.156.35',
  '77.75.154.128/25',
  '2a02:5180::/32',
] as const;

/** A matcher of addresses against CIDR ranges and single addresses (IPv4 and IPv6). */
export function sourceMatcher(sources: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const source of sources) {
    const [address = '', bits] = source.split('/');
    const type = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (raw) => {
    // A dual-stack socket reports an IPv4 caller as ::ffff:a.b.c.d.
    const address = raw.startsWith('::ffff:') && isIPv4(raw.slice(7)) ? raw.slice(7) : raw;
    if (isIPv4(address)) return list.check(address, 'ipv4');
    if (isIPv6(address)) return list.check(address, 'ipv6');
    return false;
  };
}
