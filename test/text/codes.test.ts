import { describe, expect, it } from 'vitest';
import { pathProblem } from '../../src/config/paths';
import { certificateProblem, codeWords, errorWords, fileWords, isHandshakeFailure } from '../../src/text/codes';

/** An error as Node's fs gives it. */
const fsError = (code: string) => Object.assign(new Error(`${code}: from fs, '/d/mon'`), { code });

describe('error codes in words (src/text/codes.ts, the one table)', () => {
  it.each([
    ['ENOSPC', 'the disk is full'],
    ['EDQUOT', 'the disk quota is used up'],
    ['EFBIG', 'the file would be larger than this process may write (ulimit -f)'],
    ['EROFS', 'the file system is read-only'],
    ['EACCES', 'permission denied'],
    ['EPERM', 'the operation is not permitted'],
    ['EISDIR', 'it is a directory, where a file should be'],
    ['ELOOP', 'it goes round a loop of symbolic links'],
    ['ENAMETOOLONG', 'the path is too long'],
  ])('%s is "%s", for a path mon uses and for any other failure alike', (code, words) => {
    expect(errorWords(fsError(code))).toBe(words);
    expect(pathProblem(fsError(code), '/d/mon')).toBe(words);
  });

  it('a file a flag names that does not exist is "there is no such file"; other failures keep their words', () => {
    expect(fileWords(fsError('ENOENT'))).toBe('there is no such file');
    expect(errorWords(fsError('ENOENT'))).toBe('there is no such file or directory');
    expect(fileWords(fsError('EISDIR'))).toBe('it is a directory, where a file should be');
  });

  it('never shows a bare code it does not know: the message without it', () => {
    expect(errorWords(fsError('EWHATEVER'))).toBe("EWHATEVER: from fs, '/d/mon'");
    expect(errorWords(new Error('connect ECONNREFUSED 127.0.0.1:9'), 'ECONNREFUSED')).toBe(
      'the connection was refused (nothing is listening there)',
    );
  });
});

describe('codeWords', () => {
  it.each([
    // Connections.
    ...['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'EHOSTDOWN'],
    ...['ENETUNREACH', 'ENETDOWN', 'ENETRESET', 'EADDRINUSE', 'EADDRNOTAVAIL', 'EPROTO'],
    // Names.
    ...['ENOTFOUND', 'EAI_NONAME', 'EAI_NODATA', 'EAI_AGAIN', 'EAI_FAIL'],
    // Files.
    ...['ENOENT', 'EACCES', 'EPERM', 'EISDIR', 'ENOTDIR', 'EROFS', 'ENOSPC', 'EDQUOT', 'EFBIG', 'ELOOP'],
    ...['ENAMETOOLONG', 'EIO', 'EMFILE', 'EBUSY'],
    // undici and node:http.
    ...['UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'UND_ERR_DESTROYED', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT'],
    ...['UND_ERR_BODY_TIMEOUT', 'UND_ERR_HEADERS_OVERFLOW', 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH'],
    ...['UND_ERR_REQ_CONTENT_LENGTH_MISMATCH', 'UND_ERR_RES_EXCEEDED_MAX_SIZE', 'UND_ERR_ABORTED', 'UND_ERR_INFO'],
    ...['UND_ERR_NOT_SUPPORTED', 'UND_ERR_PRX_TLS', 'HPE_HEADER_OVERFLOW', 'ERR_CLOSED_BEFORE_ANSWER'],
  ])('%s has words of its own: a phrase, never the code', (code) => {
    const words = codeWords(code);
    expect(words).toMatch(/^[a-z][a-z ,'()/.:?-]{8,}$/i);
    expect(words).not.toContain(code);
    // Not the words of its family: a code listed one by one says more.
    expect(words).not.toBe(codeWords(`${code.split('_')[0]}_SOMETHING_ELSE`));
  });

  it.each([
    ['HPE_INVALID_METHOD', 'the answer is not valid HTTP'],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'the TLS handshake failed (is it an https:// server on that port?)'],
    ['ERR_TLS_HANDSHAKE_TIMEOUT', 'the TLS handshake failed (is it an https:// server on that port?)'],
    ['EPROTO', 'the TLS handshake failed (is it an https:// server on that port?)'],
    ['UND_ERR_SOMETHING_NEW', 'the connection failed'],
    ['ECONNREFUSED', 'the connection was refused (nothing is listening there)'],
  ])('%s is "%s"', (code, words) => {
    expect(codeWords(code)).toBe(words);
  });

  it('has no words for a code it does not know, nor for none', () => {
    for (const code of [undefined, '', 'EWHATEVER', 'toString', 'X_HPE_', 'X_ERR_SSL_', 'X_UND_ERR_'])
      expect(codeWords(code), String(code)).toBeUndefined();
  });
});

describe('errorWords', () => {
  it("is the words of the error's code, or of the code given for it", () => {
    expect(errorWords(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toBe(
      'the connection was reset',
    );
    expect(errorWords(new Error('socket hang up'), 'UND_ERR_SOCKET')).toBe('the connection was closed');
  });

  it("says undici's parser errors (which carry no code) are not HTTP", () => {
    const parser = Object.assign(new Error('Response does not match the HTTP/1.1 protocol'), {
      name: 'HTTPParserError',
    });
    expect(errorWords(parser)).toBe('the answer is not valid HTTP');
  });

  it('is the message without the codes in it, for an error mon has no words for', () => {
    expect(errorWords(new Error('SOME_CODE: the other side hung up'))).toBe('the other side hung up');
    expect(errorWords(new Error('failed (SOME_CODE) twice'))).toBe('failed () twice');
    expect(errorWords(new Error('the file report_FINAL_V2 is locked'))).toBe('the file report_FINAL_V2 is locked');
    expect(errorWords(new Error('failed with A_B and C_D_E'))).toBe('failed with and');
    expect(errorWords('a thrown string')).toBe('a thrown string');
    expect(errorWords(new Error('  '))).toBe('an unknown failure');
    expect(errorWords(new Error('SOME_CODE:'))).toBe('an unknown failure');
  });

  it('never throws, whatever was thrown', () => {
    for (const thrown of [undefined, null, 42, { code: 'ENOSPC' }]) {
      expect(() => errorWords(thrown), String(thrown)).not.toThrow();
      expect(() => fileWords(thrown), String(thrown)).not.toThrow();
    }
    expect(errorWords({ code: 'ENOSPC' })).toBe('the disk is full');
  });

  it('says "an unknown failure" when nothing was thrown, never "undefined" or "null"', () => {
    expect(errorWords(undefined)).toBe('an unknown failure');
    expect(errorWords(null)).toBe('an unknown failure');
    expect(fileWords(undefined)).toBe('an unknown failure');
    expect(errorWords(0)).toBe('0');
  });
});

describe('certificateProblem', () => {
  const unknownAuthority = (why: string) => ({ why, unknownAuthority: true });
  const otherProblem = (why: string) => ({ why, unknownAuthority: false });
  const notKnown = 'it is signed by a certificate authority this machine does not know';

  it.each([
    ['DEPTH_ZERO_SELF_SIGNED_CERT', unknownAuthority('it is self-signed')],
    [
      'SELF_SIGNED_CERT_IN_CHAIN',
      unknownAuthority('it is signed by a certificate authority this machine does not trust'),
    ],
    ['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', unknownAuthority(notKnown)],
    ['UNABLE_TO_GET_ISSUER_CERT', unknownAuthority(notKnown)],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', unknownAuthority(notKnown)],
    ['CERT_UNTRUSTED', unknownAuthority('its certificate authority is not trusted')],
    ['INVALID_CA', unknownAuthority('its certificate authority is not valid')],
    ['CERT_HAS_EXPIRED', otherProblem('it has expired')],
    ['CERT_NOT_YET_VALID', otherProblem("it is not valid yet (is this machine's clock right?)")],
    ['ERR_TLS_CERT_ALTNAME_INVALID', otherProblem('it is for another host name')],
    ['HOSTNAME_MISMATCH', otherProblem('it is for another host name')],
    ['CERT_REVOKED', otherProblem('it has been revoked')],
    // The other verification failures of OpenSSL.
    ['CERT_SIGNATURE_FAILURE', otherProblem('it could not be verified')],
    ['UNABLE_TO_DECRYPT_CERT_SIGNATURE', otherProblem('it could not be verified')],
    ['PATH_LENGTH_EXCEEDED', otherProblem('it could not be verified')],
    ['INVALID_PURPOSE', otherProblem('it could not be verified')],
  ])('%s: %j', (code, problem) => {
    expect(certificateProblem(code)).toEqual(problem);
    expect(isHandshakeFailure(code)).toBe(true);
  });

  it('is no certificate problem for other codes', () => {
    for (const code of [
      undefined,
      '',
      'ECONNRESET',
      'EPROTO',
      'X_UNABLE_TO_Y',
      'PATH_LENGTH_EXCEEDED_',
      'XPATH_LENGTH_EXCEEDED',
      'NOT_INVALID_PURPOSE',
      'INVALID_PURPOSE_X',
    ])
      expect(certificateProblem(code), String(code)).toBeUndefined();
  });
});

describe('isHandshakeFailure', () => {
  it('is a failed TLS handshake: a certificate refused, or no TLS on that port', () => {
    for (const code of ['ERR_SSL_WRONG_VERSION_NUMBER', 'ERR_TLS_HANDSHAKE_TIMEOUT', 'EPROTO', 'CERT_HAS_EXPIRED'])
      expect(isHandshakeFailure(code), code).toBe(true);
    for (const code of [undefined, '', 'ECONNRESET', 'EPROTONOSUPPORT', 'X_EPROTO', 'X_ERR_SSL_', 'X_ERR_TLS_'])
      expect(isHandshakeFailure(code), String(code)).toBe(false);
  });
});
