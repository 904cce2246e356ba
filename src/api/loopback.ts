import type { LookupAddress } from 'node:dns';
import { isLoopbackAddress, isLoopbackName, unbracketed } from './request';

/**
 * Is a host this machine? Judged by address, never by name: an IP address is loopback or not;
 * `localhost` and `*.localhost` are this machine only when every address they resolve to is
 * loopback (an /etc/hosts entry or DNS may point them anywhere). A local host gets the key
 * over plain http and never goes through a proxy; connections to a local name use the
 * addresses found here (`addresses`), so a second lookup cannot send them elsewhere.
 */
export interface Locality {
  local: boolean;
  /** A local name's loopback addresses, to connect to. */
  addresses?: LookupAddress[];
  /** Why a name that claims to be local is not: "it resolves to 192.0.2.2". */
  why?: string;
}

export async function locality(hostname: string): Promise<Locality> {
  const host = unbracketed(hostname);
  if (!isLoopbackName(host)) return { local: isLoopbackAddress(host) };
  const { lookup } = process.getBuiltinModule('node:dns').promises;
  let addresses: LookupAddress[];
  try {
    addresses = await lookup(host, { all: true });
  } catch {
    return { local: false, why: `the name ${host} does not resolve to any address, so it is not this machine` };
  }
  const elsewhere = addresses.filter((entry) => !isLoopbackAddress(entry.address));
  if (addresses.length && !elsewhere.length) return { local: true, addresses };
  return {
    local: false,
    why: `the name ${host} resolves to ${elsewhere.map((entry) => entry.address).join(', ')}, which is not this machine`,
  };
}

/** A `lookup` for net.connect that answers with `addresses` only: the connection goes where locality() looked. */
export function pinnedLookup(addresses: LookupAddress[]) {
  return (
    _hostname: string,
    options: { all?: boolean; family?: number | string },
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    const family = Number(String(options.family ?? 0).replace('IPv', '')) || 0;
    const matching = addresses.filter((entry) => !family || entry.family === family);
    const chosen = matching.length ? matching : addresses;
    if (options.all) callback(null, chosen);
    else callback(null, chosen[0]!.address, chosen[0]!.family);
  };
}
