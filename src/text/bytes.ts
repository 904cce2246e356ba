/** An amount of bytes as people read it: "900 bytes", "4 KiB", "1.5 MiB", "128 MiB" (1,024 to a KiB). */
export function formatBytes(bytes: number): string {
  const KIB = 1024;
  const MIB = KIB * KIB;
  if (bytes < KIB) return `${bytes} bytes`;
  // Rounded first: 1,048,575 bytes is "1 MiB", never "1024 KiB".
  const kib = Number((bytes / KIB).toFixed(1));
  if (kib < KIB) return `${kib} KiB`;
  return `${Number((bytes / MIB).toFixed(1))} MiB`;
}
