/** An amount of bytes as people read it: "900 bytes", "4 KiB", "1.5 MiB", "128 MiB" (1,024 to a KiB). */
export function formatBytes(bytes: number): string {
  const KIB = 1024;
  const MIB = KIB * KIB;
  if (bytes < KIB) return `${bytes} bytes`;
  if (bytes < MIB) return `${Number((bytes / KIB).toFixed(1))} KiB`;
  return `${Number((bytes / MIB).toFixed(1))} MiB`;
}
