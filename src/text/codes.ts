/** A TLS handshake that failed: EPROTO, and the ERR_SSL_ and ERR_TLS_ codes. */
const TLS_FAILED = 'the TLS handshake failed (is it an https:// server on that port?)';

/**
 * Error codes in words, for every message of mon (this is the only table): people see what
 * happened ("the connection was refused", "the disk is full"), not Node.js', the system's
 * or undici's code for it (ECONNREFUSED, ENOSPC, UND_ERR_SOCKET); --debug still shows the code.
 */
const WORDS: Record<string, string> = {
  // Connections (errno).
  ECONNREFUSED: 'the connection was refused (nothing is listening there)',
  ECONNRESET: 'the connection was reset',
  ECONNABORTED: 'the connection was aborted',
  EPIPE: 'the connection was closed while mon was still sending',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host cannot be reached (no route to it)',
  EHOSTDOWN: 'the host is down',
  ENETUNREACH: 'the network cannot be reached',
  ENETDOWN: 'the network is down',
  ENETRESET: 'the network dropped the connection',
  EADDRINUSE: 'the address is already in use',
  EADDRNOTAVAIL: 'the address is not one of this machine',
  // node:https says a TLS handshake spoken to a server that does not speak TLS with this code.
  EPROTO: TLS_FAILED,
  // Names (getaddrinfo).
  ENOTFOUND: 'the host name was not found',
  EAI_NONAME: 'the host name was not found',
  EAI_NODATA: 'the host name has no address',
  EAI_AGAIN: 'the host name could not be looked up (the name server did not answer)',
  EAI_FAIL: 'the host name could not be looked up',
  // Files.
  ENOENT: 'there is no such file or directory',
  EACCES: 'permission denied',
  EPERM: 'the operation is not permitted',
  EISDIR: 'it is a directory, where a file should be',
  ENOTDIR: 'a file is where a directory should be',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EFBIG: 'the file would be larger than this process may write (ulimit -f)',
  ELOOP: 'it goes round a loop of symbolic links',
  ENAMETOOLONG: 'the path is too long',
  EIO: 'the disk reported an input/output error',
  EMFILE: 'too many files are open',
  EBUSY: 'it is busy',
  // undici.
  UND_ERR_SOCKET: 'the connection was closed',
  UND_ERR_CLOSED: 'the connection was closed',
  UND_ERR_DESTROYED: 'the connection was closed',
  UND_ERR_CONNECT_TIMEOUT: 'connecting took too long',
  UND_ERR_HEADERS_TIMEOUT: 'the server sent no answer in time',
  UND_ERR_BODY_TIMEOUT: 'the server stopped sending its answer',
  UND_ERR_HEADERS_OVERFLOW: "the answer's headers are too large",
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'the answer did not match its Content-Length',
  UND_ERR_REQ_CONTENT_LENGTH_MISMATCH: 'the request did not match its Content-Length',
  UND_ERR_RES_EXCEEDED_MAX_SIZE: 'the answer is too large',
  UND_ERR_ABORTED: 'the request was stopped',
  UND_ERR_INFO: 'the server answered in a way mon does not understand',
  UND_ERR_NOT_SUPPORTED: 'the server asked for something mon does not support',
  UND_ERR_PRX_TLS: 'the TLS connection to the proxy failed',
  // node:http (api/transport.ts).
  HPE_HEADER_OVERFLOW: "the answer's headers are too large",
  ERR_CLOSED_BEFORE_ANSWER: 'the connection was closed',
};

/** Codes by family, for those not listed one by one. */
const FAMILIES: [RegExp, string][] = [
  [/^HPE_/, 'the answer is not valid HTTP'],
  [/^ERR_SSL_|^ERR_TLS_/, TLS_FAILED],
  [/^UND_ERR_/, 'the connection failed'],
];

/** What a code means, in words; undefined for a code mon does not know. */
export function codeWords(code: string | undefined): string | undefined {
  if (!code) return undefined;
  if (Object.hasOwn(WORDS, code)) return WORDS[code];
  return FAMILIES.find(([pattern]) => pattern.test(code))?.[1];
}

/**
 * An error in words: its code's, else its message without the code in it (Node.js writes
 * "connect ECONNREFUSED 127.0.0.1:9"); never the bare code.
 */
export function errorWords(error: unknown, code?: string): string {
  const words = codeWords(code ?? (error as { code?: unknown } | undefined)?.code?.toString());
  if (words) return words;
  // undici's parser errors carry no code.
  if ((error as Error | undefined)?.name === 'HTTPParserError') return 'the answer is not valid HTTP';
  // Nothing thrown at all (a rejection with no reason) is not the word "undefined".
  const message = error instanceof Error ? error.message : error == null ? '' : String(error);
  return message.replace(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b:?\s*/g, '').trim() || 'an unknown failure';
}

/** Why a file a flag names could not be read: an error's words, with "there is no such file" for a file known to be one. */
export function fileWords(error: unknown): string {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT' ? 'there is no such file' : errorWords(error);
}

/** A certificate the TLS handshake refused: why, in words, and whether a private CA may be the cause. */
export interface CertificateProblem {
  why: string;
  /** Signed by an authority this machine does not trust: NODE_EXTRA_CA_CERTS may be the fix. */
  unknownAuthority: boolean;
}

const CERTIFICATES: Record<string, CertificateProblem> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: { why: 'it is self-signed', unknownAuthority: true },
  SELF_SIGNED_CERT_IN_CHAIN: {
    why: 'it is signed by a certificate authority this machine does not trust',
    unknownAuthority: true,
  },
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: {
    why: 'it is signed by a certificate authority this machine does not know',
    unknownAuthority: true,
  },
  UNABLE_TO_GET_ISSUER_CERT: {
    why: 'it is signed by a certificate authority this machine does not know',
    unknownAuthority: true,
  },
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: {
    why: 'it is signed by a certificate authority this machine does not know',
    unknownAuthority: true,
  },
  CERT_UNTRUSTED: { why: 'its certificate authority is not trusted', unknownAuthority: true },
  INVALID_CA: { why: 'its certificate authority is not valid', unknownAuthority: true },
  CERT_HAS_EXPIRED: { why: 'it has expired', unknownAuthority: false },
  CERT_NOT_YET_VALID: { why: "it is not valid yet (is this machine's clock right?)", unknownAuthority: false },
  ERR_TLS_CERT_ALTNAME_INVALID: { why: 'it is for another host name', unknownAuthority: false },
  HOSTNAME_MISMATCH: { why: 'it is for another host name', unknownAuthority: false },
  CERT_REVOKED: { why: 'it has been revoked', unknownAuthority: false },
};

/** The certificate problem a TLS error code names; undefined when it names none. */
export function certificateProblem(code: string | undefined): CertificateProblem | undefined {
  if (!code) return undefined;
  if (Object.hasOwn(CERTIFICATES, code)) return CERTIFICATES[code];
  // The other verification failures of OpenSSL (CERT_SIGNATURE_FAILURE, CERT_CHAIN_TOO_LONG, ...).
  return /CERT|^UNABLE_TO_|^PATH_LENGTH_EXCEEDED$|^INVALID_PURPOSE$/.test(code)
    ? { why: 'it could not be verified', unknownAuthority: false }
    : undefined;
}

/** A TLS handshake that failed (a certificate, or no TLS at all on that port): nothing of the request was sent. */
export function isHandshakeFailure(code: string | undefined): boolean {
  return Boolean(code && (certificateProblem(code) || /^ERR_SSL_|^ERR_TLS_|^EPROTO$/.test(code)));
}
